/**
 * Stream benchmark (issue 5, "Done when"): starts the service on the embedded default (SQLite, SQL
 * queue, bundled sandbox) as a child process, submits a stream of `--values` sandbox values
 * (default 100 000) with a local receiver that verifies every signature, and prints the end-to-end
 * time, deliveries per second and the service's peak memory.
 *
 *   npx tsx bench/stream.ts [--values 100000] [--batch-size 100] [--drain]
 *
 * Only CALLBACK_ALLOW_HOSTS (the receiver is on loopback), the ports, DATA_DIR (a fresh temporary
 * directory) and the demo key are set; everything else is the default configuration.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyWebhook } from '../src/webhooks/verify.ts';
import { startReceiver } from '../test/support/receiver.ts';

const { values: args } = parseArgs({
  options: {
    values: { type: 'string', default: '100000' },
    'batch-size': { type: 'string', default: '100' },
    // Malformed GTINs instead of ids: every result exists at submission, so the run measures how
    // fast the sender drains deliveries, without the crawl in the way.
    drain: { type: 'boolean', default: false },
  },
});
const DRAIN = args.drain === true;
const VALUE_COUNT = Number(args.values);
const BATCH_SIZE = Number(args['batch-size']);

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Peak resident memory of a process in MiB (Linux `VmHWM`), or the current RSS via `ps` elsewhere. */
function peakRssMiB(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** A 13-digit GTIN whose check digit is wrong (a `parameter_invalid` value). */
function badGtin(body12: number): string {
  const digits = String(body12).padStart(12, '0');
  const sum = [...digits].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(((10 - (sum % 10)) % 10) + 1) % 10}`;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-bench-'));
  const apiKey = `svc_live_${randomBytes(36).toString('base64url')}`;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_CREDITS: String(VALUE_COUNT * 2),
      CALLBACK_ALLOW_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peakMiB = 0;
  const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, peakRssMiB(child.pid ?? 0) ?? 0)), 500);
  try {
    await waitUntil('the service', async () => (await fetch(`${base}/health`)).ok, 60_000);
    const truth = (await (
      await fetch(`http://127.0.0.1:${sandboxPort}/catalog.json?source=source_01&country=de`)
    ).json()) as {
      products: Array<{ id: string }>;
      not_found: { id: string[] };
    };
    const values = DRAIN ? [] : [...new Set([...truth.products.map((p) => p.id), ...truth.not_found.id])];
    for (let i = 0; values.length < VALUE_COUNT; i += 1) {
      values.push(DRAIN ? badGtin(400_000_000_000 + i) : String(90_000_000 + i));
    }

    let secret = '';
    let badSignatures = 0;
    let firstDeliveryMs = 0;
    let lastDeliveryMs = 0;
    const seenIndexes = new Uint8Array(VALUE_COUNT);
    const sequences = new Set<number>();
    let finalSequence = 0;
    let resultsReceived = 0;
    const receiver = await startReceiver((request, response) => {
      const check = verifyWebhook({ secret, rawBody: request.rawBody, headers: request.headers });
      const plain = verifyWebhook({
        secret,
        rawBody: request.rawBody,
        headers: { 'x-signature': request.headers['x-signature'] },
      });
      if (!check.ok || !plain.ok) {
        badSignatures += 1;
        response.statusCode = 401;
        return void response.end();
      }
      const payload = JSON.parse(request.rawBody) as {
        batch_sequence: number;
        is_final: boolean;
        results: Array<{ index: number }>;
      };
      if (!sequences.has(payload.batch_sequence)) {
        sequences.add(payload.batch_sequence);
        for (const { index } of payload.results) {
          seenIndexes[index] = (seenIndexes[index] ?? 0) + 1;
          resultsReceived += 1;
        }
      }
      if (payload.is_final) finalSequence = payload.batch_sequence;
      firstDeliveryMs ||= Date.now();
      lastDeliveryMs = Date.now();
      response.end('ok');
    });

    const startedMs = Date.now();
    const submitted = await fetch(`${base}/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({
        source: 'source_01',
        country: 'de',
        key: DRAIN ? 'gtin' : 'id',
        values,
        callback_url: receiver.url,
        delivery_batch_size: BATCH_SIZE,
      }),
    });
    const answer = (await submitted.json()) as {
      error: boolean;
      job_id: string;
      webhook_secret: string;
      message?: string;
    };
    if (answer.error) throw new Error(`submission refused: ${answer.message}`);
    secret = answer.webhook_secret;
    const submitMs = Date.now() - startedMs;
    process.stderr.write(`submitted ${VALUE_COUNT} values in ${submitMs} ms (job ${answer.job_id})\n`);

    const progress = setInterval(() => {
      process.stderr.write(
        `  ${((Date.now() - startedMs) / 1000).toFixed(0)} s: ${resultsReceived} results in ${sequences.size} deliveries\n`,
      );
    }, 10_000);
    const allIn = async () =>
      finalSequence > 0 && sequences.size === finalSequence && resultsReceived >= VALUE_COUNT;
    await waitUntil('every delivery', allIn, 4 * 3600_000);
    clearInterval(progress);
    const endMs = Date.now();

    const missing = seenIndexes.reduce((count, seen) => count + (seen === 0 ? 1 : 0), 0);
    const duplicated = seenIndexes.reduce((count, seen) => count + (seen > 1 ? 1 : 0), 0);
    const gapFree = [...sequences].every((sequence) => sequence >= 1 && sequence <= finalSequence);
    const status = (await (
      await fetch(`${base}/stream/${answer.job_id}`, { headers: { 'x-api-key': apiKey } })
    ).json()) as Record<string, unknown>;
    const seconds = (endMs - startedMs) / 1000;
    const figures = {
      mode: DRAIN ? 'drain (results exist at submission)' : 'crawl (sandbox)',
      values: VALUE_COUNT,
      delivery_batch_size: BATCH_SIZE,
      end_to_end_s: Number(seconds.toFixed(1)),
      submit_ms: submitMs,
      values_per_s: Number((VALUE_COUNT / seconds).toFixed(1)),
      deliveries: sequences.size,
      deliveries_per_s: Number((sequences.size / seconds).toFixed(2)),
      deliveries_per_s_while_delivering: Number(
        (sequences.size / Math.max(0.001, (lastDeliveryMs - firstDeliveryMs) / 1000)).toFixed(2),
      ),
      signatures_verified: receiver.requests.length - badSignatures,
      bad_signatures: badSignatures,
      results_missing: missing,
      results_duplicated: duplicated,
      sequences_gap_free: gapFree,
      service_peak_rss_mib: Number(peakMiB.toFixed(0)),
      service_counters: { values_done: status.values_done, deliveries: status.deliveries },
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    await receiver.close();
    if (missing > 0 || duplicated > 0 || badSignatures > 0 || !gapFree) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
