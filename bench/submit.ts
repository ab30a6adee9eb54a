/**
 * Submission benchmark (issue 8 part 2, defect 12): starts the app in this process on a fresh
 * SQLite file, listening on loopback, probes `GET /health` back to back while one
 * `POST /stream` of `--values` values (default 100 000) is written, and prints the submission's
 * time and the worst and median health latency. Crawling is not started: only the submission is
 * measured. Run it on two commits to compare before and after.
 *
 *   npx tsx bench/submit.ts [--values 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { buildApp } from '../src/app.ts';
import { loadJwtSecret } from '../src/accounts/auth/auth.service.ts';
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/main/runtime.ts';
import { createAccount, createApiKey } from '../src/accounts/provisioning/provisioning.service.ts';

const { values: args } = parseArgs({ options: { values: { type: 'string', default: '100000' } } });
const VALUE_COUNT = Number(args.values);

const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-bench-submit-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CALLBACK_ALLOW_HOSTS: '127.0.0.1' });
const runtime = await createRuntime(config, pino({ level: 'silent' }));
const app = await buildApp(runtime.deps, { jwtSecret: await loadJwtSecret(runtime.deps.db) });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const { account } = await createAccount(runtime.deps, { name: 'bench', plan: 'self-serve', credits: 1e7 });
const { key } = await createApiKey(runtime.deps.db, account);

const latenciesMs: number[] = [];
let worst = { latencyMs: 0, sentAtMs: 0 };
let submitting = true;
async function probeHealth(): Promise<void> {
  while (submitting) {
    const sent = performance.now();
    const response = await fetch(`${origin}/health`);
    await response.arrayBuffer();
    const latencyMs = performance.now() - sent;
    latenciesMs.push(latencyMs);
    if (latencyMs > worst.latencyMs) worst = { latencyMs, sentAtMs: sent - started };
  }
}

const started = performance.now();
const probing = probeHealth();
const response = await fetch(`${origin}/stream`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': key },
  body: JSON.stringify({
    source: 'source_01',
    country: 'de',
    key: 'id',
    values: Array.from({ length: VALUE_COUNT }, (_, n) => String(n + 1)),
    callback_url: 'http://127.0.0.1:9/hook',
  }),
});
const answer = (await response.json()) as { error: boolean; message?: string };
const submitMs = performance.now() - started;
submitting = false;
await probing;

const sorted = [...latenciesMs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
console.log(
  JSON.stringify({
    values: VALUE_COUNT,
    accepted: answer.error === false,
    ...(answer.message ? { message: answer.message } : {}),
    submit_ms: Math.round(submitMs),
    health_probes: sorted.length,
    health_worst_ms: Math.round(worst.latencyMs),
    // When the worst probe was sent, from the start of the submission: where the remaining stall is.
    health_worst_sent_at_ms: Math.round(worst.sentAtMs),
    health_median_ms: Math.round(median),
  }),
);
await app.close();
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
