import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { Agent, get, type RequestOptions } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { freePort, startServiceProcess, waitFor, type ServiceProcess } from '../support/processes.ts';

/** Makes a self-signed certificate for 127.0.0.1 named `name` in `dir`; answers the file paths. */
function makeCertificate(dir: string, name: string): { cert: string; key: string } {
  const [cert, key] = [join(dir, `${name}.cert.pem`), join(dir, `${name}.key.pem`)];
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${name}`,
    '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' }); // prettier-ignore
  return { cert, key };
}

interface Answer {
  status: number;
  certificateName: string;
  socket: TLSSocket;
}

/** GET `path` over HTTPS trusting only `ca`; answers the status and the certificate the server showed. */
async function httpsGet(options: RequestOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', ...options }, (response) => {
      const socket = response.socket as TLSSocket;
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          certificateName: String(socket.getPeerCertificate().subject.CN),
          socket,
        }),
      );
    });
    request.on('error', reject);
  });
}

describe('HTTPS served by the API itself (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-tls-'));
  const certFile = join(dir, 'server.cert.pem');
  const keyFile = join(dir, 'server.key.pem');
  let api: ServiceProcess | undefined;
  let port = 0;
  let ca: string[] = [];

  before(async () => {
    const first = makeCertificate(dir, 'pricecrawl-first');
    const second = makeCertificate(dir, 'pricecrawl-second');
    ca = [readFileSync(first.cert, 'utf8'), readFileSync(second.cert, 'utf8')];
    renameSync(first.cert, certFile);
    renameSync(first.key, keyFile);
    port = await freePort();
    api = startServiceProcess(process.execPath, ['bin/pricecrawl.js', 'api'], {
      DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      SANDBOX_ENABLED: 'false',
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
    });
    const service = api;
    await waitFor(
      'the HTTPS API',
      async () => (await httpsGet({ port, path: '/health', ca })).status === 200,
      service,
    );
  });
  after(async () => {
    api?.signal('SIGKILL');
    await api?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses plain HTTP and answers HTTPS with the certificate of TLS_CERT_FILE', async () => {
    await assert.rejects(fetch(`http://127.0.0.1:${port}/health`));
    const answer = await httpsGet({ port, path: '/health', ca, agent: false });
    assert.deepEqual([answer.status, answer.certificateName], [200, 'pricecrawl-first']);
  });

  it('on SIGHUP serves new files to new connections while an open keep-alive connection goes on', async () => {
    assert.ok(api?.child.pid);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1, ca });
    const before = await httpsGet({ port, path: '/health', agent: keepAlive });
    assert.equal(before.certificateName, 'pricecrawl-first');

    renameSync(join(dir, 'pricecrawl-second.cert.pem'), certFile);
    renameSync(join(dir, 'pricecrawl-second.key.pem'), keyFile);
    process.kill(api.child.pid, 'SIGHUP');
    await waitFor(
      'the new certificate on a new connection',
      async () =>
        (await httpsGet({ port, path: '/health', ca, agent: false })).certificateName === 'pricecrawl-second',
      api,
      20_000,
    );

    const after = await httpsGet({ port, path: '/health', agent: keepAlive });
    assert.equal(after.status, 200);
    assert.equal(after.socket, before.socket, 'the same connection carried the second request');
    assert.equal(after.certificateName, 'pricecrawl-first');
    keepAlive.destroy();
  });

  it('keeps the certificate it has when a reload finds a key that does not match', async () => {
    assert.ok(api?.child.pid);
    const stray = makeCertificate(dir, 'pricecrawl-stray');
    renameSync(stray.key, keyFile);
    process.kill(api.child.pid, 'SIGHUP');
    await waitFor(
      'the failed reload to be logged',
      async () => /reload failed/.test(api!.output()),
      api,
      20_000,
    );
    const answer = await httpsGet({ port, path: '/health', ca, agent: false });
    assert.deepEqual([answer.status, answer.certificateName], [200, 'pricecrawl-second']);
  });
});

describe('TLS configuration', () => {
  it('refuses TLS_CERT_FILE without TLS_KEY_FILE, naming both', () => {
    assert.throws(
      () => loadConfig({ TLS_CERT_FILE: '/etc/pricecrawl/cert.pem' }),
      (error: unknown) =>
        error instanceof ConfigError && /TLS_CERT_FILE and TLS_KEY_FILE/.test(error.message),
    );
  });
});
