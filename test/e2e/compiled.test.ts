import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { buildProblem, writeBuildStamp } from '../../bin/compiled.js';
import { sleep } from '../../src/platform/lib/time.ts';
import { freePort, startServiceProcess, waitFor, waitForOk } from '../support/processes.ts';

/** The ids of the live child processes of `pid` (Linux). */
function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text === '' ? [] : text.split(' ').map(Number);
  } catch {
    return [];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the compiled build (dist/, what npm start runs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-compiled-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  /** `node dist/main/server.js` on free ports, once its /health answers 200. */
  async function startCompiled() {
    const [port, sandboxPort] = [await freePort(), await freePort()];
    const service = startServiceProcess(process.execPath, ['dist/main/server.js'], {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
    });
    try {
      await waitForOk(`http://127.0.0.1:${port}/health`, service);
    } catch (error) {
      service.signal('SIGKILL');
      throw error;
    }
    return { service, port, sandboxPort };
  }

  it('starts with plain node, answers /health, and its sandbox process dies with it on SIGKILL', async () => {
    // scripts/run-tests.mjs builds dist/ first when it is missing or older than src/.
    assert.equal(buildProblem(), undefined);
    const { service, port, sandboxPort } = await startCompiled();
    try {
      // No TypeScript loader: the service process is node running the .js entry, nothing else.
      const commandLine = readFileSync(`/proc/${service.child.pid}/cmdline`, 'utf8').split('\0');
      assert.deepEqual(commandLine.filter(Boolean), [process.execPath, 'dist/main/server.js']);
      // swagger-ui is bundled; its page and assets still come from its package (scripts/build.mjs).
      for (const path of ['/docs', '/docs/static/swagger-ui.css', '/docs/static/logo.svg']) {
        assert.equal((await fetch(`http://127.0.0.1:${port}${path}`)).status, 200, path);
      }
      const catalog = await fetch(`http://127.0.0.1:${sandboxPort}/catalog.json?source=source_01&country=de`);
      assert.equal(catalog.status, 200);
      const [sandboxPid, ...others] = childrenOf(service.child.pid!);
      assert.ok(sandboxPid !== undefined && others.length === 0, 'one child: the sandbox process');
      assert.match(readFileSync(`/proc/${sandboxPid}/cmdline`, 'utf8'), /dist\/main\/sandbox\.js/);

      // Only the service, not its group: the child must notice on its own that its parent is gone.
      process.kill(service.child.pid!, 'SIGKILL');
      await service.exited;
      for (let polls = 0; polls < 100 && alive(sandboxPid); polls += 1) await sleep(100);
      assert.equal(alive(sandboxPid), false, 'the sandbox process outlived its parent');
    } finally {
      service.signal('SIGKILL');
    }
  });

  it('logs a sandbox process that dies on its own, and /health stays 200', async () => {
    const { service, port } = await startCompiled();
    try {
      const [sandboxPid] = childrenOf(service.child.pid!);
      assert.ok(sandboxPid !== undefined);
      process.kill(sandboxPid, 'SIGKILL');
      await waitFor(
        'the sandbox exit to be logged',
        async () => service.output().includes('the sandbox process exited'),
        service,
        10_000,
      );
      assert.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200);
    } finally {
      service.signal('SIGKILL');
    }
  });
});

describe('the build check of bin/compiled.js', () => {
  const root = mkdtempSync(join(tmpdir(), 'pricecrawl-build-check-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const source = join(root, 'src', 'jobs', 'jobs.routes.ts');
  const test = join(root, 'src', 'jobs', 'jobs.routes.test.ts');
  mkdirSync(join(root, 'src', 'jobs'), { recursive: true });
  writeFileSync(source, '');
  writeFileSync(test, '');
  const setMtime = (path: string, ms: number) => utimesSync(path, ms / 1000, ms / 1000);

  it('names a missing build', () => {
    assert.equal(buildProblem(root), 'there is no compiled build in dist/');
  });

  it('passes a build stamped after the newest source, whatever the tests', () => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    setMtime(source, 1_000_000);
    setMtime(test, 3_000_000);
    writeBuildStamp(root, 2_000_000);
    assert.equal(buildProblem(root), undefined);
  });

  it('names the source that changed after the build', () => {
    setMtime(source, 2_500_000);
    assert.equal(
      buildProblem(root),
      'dist/ is older than the sources (src/jobs/jobs.routes.ts changed after the last build)',
    );
  });

  it('runs a build shipped without sources (an image)', () => {
    rmSync(join(root, 'src'), { recursive: true });
    assert.equal(buildProblem(root), undefined);
  });
});
