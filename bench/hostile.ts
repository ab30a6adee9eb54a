/**
 * Large malformed submissions, before and after, in one run (issue 22, point 3). For each checkout
 * (BEFORE: `--against <dir>`, AFTER: this one) it starts the service (`src/main/server.ts`, SQLite,
 * ROLE=all) and, with `GET /health` probed back to back, submits
 *   1. a stream of `--values` (100 000) GTINs with a wrong check digit (13 characters each), and
 *   2. a stream of as many 1 000-character malformed GTINs: a ~100 MB body,
 * both answered `parameter_invalid` per value at submission. It prints, per checkout and submission,
 * the worst and median `/health` latency while the submission ran, and the service's resident memory
 * (VmRSS) before it, its peak (sampled every 50 ms) and at each of `--settle-ms` (10 s and 60 s)
 * after the answer, with what it keeps over its value before the submission. A 50-value submission
 * first warms the service up (module loading is not what is measured).
 *
 * With `--breakdown` the service also runs bench/memory-probe.mjs, and a second table says where
 * its memory is before each submission, right after the answer and at each settle point (glibc's
 * main arena, anonymous mappings, V8's spaces, buffers); with `--gc` too, after a forced full GC
 * (then the RSS columns no longer show what the service returns on its own).
 *
 *   git worktree add --detach ../before <commit> && ln -s "$PWD/node_modules" ../before/
 *   npx tsx bench/hostile.ts --against ../before [--values 100000] [--settle-ms 10000,60000] [--breakdown [--gc]]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { badGtins, longValues } from './hostile-values.ts';
import {
  checkoutsOf,
  log,
  machineLoad,
  startService,
  THIS_CHECKOUT,
  type RunningService,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    values: { type: 'string', default: '100000' },
    'settle-ms': { type: 'string', default: '10000,60000' },
    breakdown: { type: 'boolean', default: false },
    gc: { type: 'boolean', default: false },
  },
});
const VALUE_COUNT = Number(args.values);
/** Times after the answer at which RSS is read, ascending. */
const SETTLE_MS = args['settle-ms']
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const PROBE = join(THIS_CHECKOUT, 'bench', 'memory-probe.mjs');

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib ?? 0) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the probe in the service for a reading (SIGUSR2) and answers it, or undefined without one. */
async function probeReading(service: RunningService, probeFile: string | undefined, point: string) {
  if (probeFile === undefined) return undefined;
  const lines = () => (existsSync(probeFile) ? readFileSync(probeFile, 'utf8').split('\n') : ['']);
  const linesBefore = lines().length;
  process.kill(service.pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 50) {
    await sleep(50);
    const now = lines();
    if (now.length > linesBefore)
      return { point, ...JSON.parse(now.at(-2) ?? '{}') } as Record<string, unknown>;
  }
  return undefined;
}

interface Figures {
  submission: string;
  body_mb: number;
  accepted: boolean;
  submit_ms: number;
  health_worst_ms: number;
  health_median_ms: number;
  rss_before_mib: number;
  rss_peak_mib: number;
  [settled: `rss_${number}s_after_mib` | `kept_${number}s_mib`]: number;
}

/** `/health` probed back to back until `done` resolves: the latencies seen, in ms. */
async function probeHealth(service: RunningService, done: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let submitting = true;
  void done.finally(() => (submitting = false));
  while (submitting) {
    const sent = performance.now();
    await (await fetch(`${service.base}/health`)).arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  return latencies.sort((a, b) => a - b);
}

async function submit(service: RunningService, values: string[]) {
  const body = JSON.stringify({
    source: 'source_01',
    country: 'de',
    key: 'gtin',
    values,
    callback_url: 'http://127.0.0.1:9/hook',
  });
  const response = await fetch(`${service.base}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body,
  });
  return { answer: (await response.json()) as { error: boolean; message?: string }, bodyBytes: body.length };
}

async function measure(
  service: RunningService,
  submission: string,
  values: string[],
  settleMs: readonly number[],
  probeFile?: string,
): Promise<{ figures: Figures; readings: Array<Record<string, unknown>> }> {
  const readings = [await probeReading(service, probeFile, 'before')];
  const rssBefore = rssMiB(service.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(service.pid))), 50);
  const started = performance.now();
  const submitted = submit(service, values);
  const latencies = await probeHealth(service, submitted);
  const { answer, bodyBytes } = await submitted;
  const answeredAt = performance.now();
  if (answer.error) log(`${service.checkout.label}: ${submission} refused: ${answer.message}`);
  readings.push(await probeReading(service, probeFile, 'answered'));
  const figures: Figures = {
    submission,
    body_mb: Math.round(bodyBytes / 1e6),
    accepted: answer.error === false,
    submit_ms: Math.round(answeredAt - started),
    health_worst_ms: Math.round(latencies.at(-1) ?? 0),
    health_median_ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    rss_before_mib: rssBefore,
    rss_peak_mib: 0,
  };
  for (const ms of settleMs) {
    await sleep(Math.max(0, answeredAt + ms - performance.now()));
    const rss = rssMiB(service.pid);
    figures[`rss_${ms / 1000}s_after_mib`] = rss;
    figures[`kept_${ms / 1000}s_mib`] = rss - rssBefore;
    readings.push(await probeReading(service, probeFile, `${ms / 1000} s after`));
  }
  clearInterval(sampler);
  figures.rss_peak_mib = Math.max(rssPeak, rssMiB(service.pid));
  const named = readings.filter((reading) => reading !== undefined);
  return { figures, readings: named.map((reading) => ({ submission, ...reading })) };
}

const rows: Array<Figures & { checkout: string }> = [];
const breakdown: Array<Record<string, unknown>> = [];
log(`load before: ${machineLoad()}`);
for (const checkout of checkoutsOf(args.against)) {
  log(`${checkout.label}: starting ${checkout.dir}`);
  const probeDir = args.breakdown ? mkdtempSync(join(tmpdir(), 'pricecrawl-memory-')) : undefined;
  const probeFile = probeDir && join(probeDir, 'readings.jsonl');
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (probeFile) Object.assign(env, { NODE_OPTIONS: `--import ${PROBE}`, MEMORY_PROBE_FILE: probeFile });
  if (probeFile && args.gc) env.MEMORY_PROBE_GC = '1';
  const service = await startService(checkout, env);
  try {
    // A small submission of the same kind first: the first one loads (and, under tsx, compiles) the
    // submission, result and delivery modules, a one-time stall that is not what is measured here.
    await measure(service, 'warm-up', badGtins(50), [1000]);
    for (const [name, values] of [
      [`${VALUE_COUNT} malformed GTINs`, badGtins(VALUE_COUNT)],
      [`${VALUE_COUNT} 1000-char values`, longValues(VALUE_COUNT)],
    ] as const) {
      log(`${checkout.label}: ${name}`);
      const { figures, readings } = await measure(service, name, values, SETTLE_MS, probeFile);
      rows.push({ checkout: checkout.label, ...figures });
      breakdown.push(...readings.map((reading) => ({ checkout: checkout.label, ...flatten(reading) })));
    }
  } finally {
    await service.stop();
    if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  }
}
console.log(`load average (1, 5, 15 min) after the run: ${machineLoad()}`);
console.table(rows);
if (breakdown.length > 0) console.table(breakdown);

/** A probe reading as one table row: mappings and V8 spaces (used/committed/resident MiB) inline. */
function flatten(reading: Record<string, unknown>): Record<string, unknown> {
  const {
    mappings,
    spaces,
    atMs: _atMs,
    ...rest
  } = reading as {
    mappings: Record<string, number>;
    spaces: Record<string, number[]>;
    atMs: number;
  };
  const space = (name: string) => (spaces[name] ?? []).join('/');
  return {
    ...rest,
    map_heap: mappings.heap,
    map_anon: mappings.anonymous,
    map_anon_large: mappings.anonymousLarge,
    map_files: mappings.files,
    new: space('new'),
    old: space('old'),
    large: space('large_object'),
    code: space('code'),
  };
}
