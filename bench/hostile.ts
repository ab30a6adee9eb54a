/**
 * Large malformed submissions, before and after, in one run (issue 22, point 3). For each checkout
 * (BEFORE: `--against <dir>`, AFTER: this one) it starts the service (`src/main/server.ts`, SQLite,
 * ROLE=all) and, with `GET /health` probed back to back, submits
 *   1. a stream of `--values` (100 000) GTINs with a wrong check digit (13 characters each), and
 *   2. a stream of as many 1 000-character malformed GTINs: a ~100 MB body,
 * both answered `parameter_invalid` per value at submission. It prints, per checkout and submission,
 * the worst and median `/health` latency while the submission ran, and the service's resident memory
 * (VmRSS) before it, its peak (sampled every 50 ms) and `--settle-ms` (10 s) after the answer. A
 * 50-value submission first warms the service up (module loading is not what is measured).
 *
 *   git worktree add --detach ../before <commit> && ln -s "$PWD/node_modules" ../before/
 *   npx tsx bench/hostile.ts --against ../before [--values 100000] [--settle-ms 10000]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { badGtins, longValues } from './hostile-values.ts';
import { checkoutsOf, log, machineLoad, startService, type RunningService } from './support.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    values: { type: 'string', default: '100000' },
    'settle-ms': { type: 'string', default: '10000' },
  },
});
const VALUE_COUNT = Number(args.values);
const SETTLE_MS = Number(args['settle-ms']);

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib ?? 0) / 1024);
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
  rss_after_mib: number;
}

async function measure(
  service: RunningService,
  submission: string,
  values: string[],
  settleMs = SETTLE_MS,
): Promise<Figures> {
  const body = JSON.stringify({
    source: 'source_01',
    country: 'de',
    key: 'gtin',
    values,
    callback_url: 'http://127.0.0.1:9/hook',
  });
  const rssBefore = rssMiB(service.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(service.pid))), 50);
  const latencies: number[] = [];
  let submitting = true;
  const probing = (async () => {
    while (submitting) {
      const sent = performance.now();
      await (await fetch(`${service.base}/health`)).arrayBuffer();
      latencies.push(performance.now() - sent);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${service.base}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body,
  });
  const answer = (await response.json()) as { error: boolean; message?: string };
  const submitMs = performance.now() - started;
  submitting = false;
  await probing;
  if (answer.error) log(`${service.checkout.label}: ${submission} refused: ${answer.message}`);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  clearInterval(sampler);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    submission,
    body_mb: Math.round(body.length / 1e6),
    accepted: answer.error === false,
    submit_ms: Math.round(submitMs),
    health_worst_ms: Math.round(sorted.at(-1) ?? 0),
    health_median_ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    rss_before_mib: rssBefore,
    rss_peak_mib: Math.max(rssPeak, rssMiB(service.pid)),
    rss_after_mib: rssMiB(service.pid),
  };
}

const rows: Array<Figures & { checkout: string }> = [];
log(`load before: ${machineLoad()}`);
for (const checkout of checkoutsOf(args.against)) {
  log(`${checkout.label}: starting ${checkout.dir}`);
  const service = await startService(checkout, { LOG_LEVEL: 'warn' });
  try {
    // A small submission of the same kind first: the first one loads (and, under tsx, compiles) the
    // submission, result and delivery modules, a one-time stall that is not what is measured here.
    await measure(service, 'warm-up', badGtins(50), 1000);
    for (const [name, values] of [
      [`${VALUE_COUNT} malformed GTINs`, badGtins(VALUE_COUNT)],
      [`${VALUE_COUNT} 1000-char values`, longValues(VALUE_COUNT)],
    ] as const) {
      log(`${checkout.label}: ${name}`);
      rows.push({ checkout: checkout.label, ...(await measure(service, name, values)) });
    }
  } finally {
    await service.stop();
  }
}
console.log(`load average (1, 5, 15 min) after the run: ${machineLoad()}`);
console.table(rows);
