/**
 * Bookkeeping benchmark (issue 11, goal 3: ≤ 0.3 ms CPU per value): the service's CPU per value
 * for everything but fetching and parsing, with a zero-cost upstream, before and after.
 *
 *   npx tsx bench/bookkeeping-service.ts --against /work/wt-base [--values 5000] [--rounds 3] [--batch-size 100]
 *
 * The zero-cost upstream is the observation cache (docs/cache.md), through the public API only, so
 * both checkouts run it unchanged: the demo account (eligible for cache reuse) submits `--values`
 * values once as batch jobs, which crawls them (warm-up); then it submits the same values again,
 * as batch jobs and then as one stream to a local receiver, with `max_age` at its maximum, so every
 * value is re-served from the cache: no fetch, no parse, but the whole queue → serve → record →
 * credits → deliveries path of a crawled value (a receipt is written where a crawl writes its
 * observation, and the re-served item's trust is recomputed). The sandbox's request counter proves
 * no page was fetched during the measured passes, and every result says `served_from: "cache"`.
 *
 * Measured: CPU time (utime + stime from /proc, the service process and anything it started) from
 * the first submission of a pass to its last job's end (batch) or the final delivery's arrival
 * (stream, signatures checked), divided by the values. The sandbox runs in a process of its own.
 * Both checkouts' services stay up; after their warm-ups, `--rounds` rounds each run a batch pass
 * and a stream pass on both, alternating which goes first; figures are the medians.
 */
import { parseArgs } from 'node:util';
import {
  checkoutsOf,
  cpuMsOf,
  log,
  printResultTable,
  median,
  ratio,
  runBench,
  startPageServer,
  startService,
  type Checkout,
  type PageServer,
  type RunningService,
} from './support.ts';
import {
  chunked,
  outcomesOf,
  runBatchJobs,
  sandboxRequests,
  startStreamReceiver,
  streamBenchValues,
  submitStream,
  waitUntil,
} from './support.api.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    values: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '3' },
    'batch-size': { type: 'string', default: '100' },
  },
});
const VALUE_COUNT = Number(args.values);
const GOAL_MS = 0.3;
/** The largest `max_age` (3 days): the warm-up's observations are certainly within it. */
const MAX_AGE_S = 259_200;

interface PassFigure {
  seconds: number;
  cpuMsPerValue: number;
  fromCache: number;
  fetches: number;
}

type Figures = Record<'batch' | 'stream', PassFigure>;

/** Measures one pass: CPU of the service and the sandbox's fetches while `pass` runs. */
async function measurePass(
  pid: number,
  sandbox: PageServer,
  pass: () => Promise<void>,
): Promise<Omit<PassFigure, 'fromCache'>> {
  const requestsBefore = await sandboxRequests(sandbox.origin);
  const cpuBefore = cpuMsOf(pid);
  const startedMs = performance.now();
  await pass();
  const seconds = (performance.now() - startedMs) / 1000;
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  return {
    seconds,
    cpuMsPerValue: cpuMs / VALUE_COUNT,
    fetches: (await sandboxRequests(sandbox.origin)) - requestsBefore,
  };
}

/** Starts a checkout's service on the external sandbox and crawls `values` once (the warm-up). */
async function startWarm(checkout: Checkout, sandbox: PageServer, values: string[]): Promise<RunningService> {
  const service = await startService(checkout, {
    SANDBOX_ENABLED: 'false',
    SANDBOX_PORT: String(sandbox.port),
    // The warm-up crawl should not wait on politeness; the measured passes fetch nothing.
    CRAWL_PAIR_RPS: '100000',
    CRAWL_PAIR_CONCURRENCY: '64',
  });
  const startedMs = performance.now();
  const warm = await outcomesOf(service, await runBatchJobs(service, chunked(values, 1000), {}));
  const seconds = ((performance.now() - startedMs) / 1000).toFixed(1);
  log(`${checkout.label}: warm-up crawled in ${seconds} s: ${JSON.stringify(warm)}`);
  return service;
}

/** One measured pass of batch jobs: every value re-served from the cache. */
async function batchPass(
  service: RunningService,
  sandbox: PageServer,
  values: string[],
): Promise<PassFigure> {
  let jobIds: string[] = [];
  const figure = await measurePass(service.pid, sandbox, async () => {
    jobIds = await runBatchJobs(service, chunked(values, 1000), { max_age: MAX_AGE_S });
  });
  // Read after the measured span: downloading is not bookkeeping.
  const outcomes = await outcomesOf(service, jobIds);
  log(`${service.checkout.label}: batch pass ${figure.seconds.toFixed(1)} s ${JSON.stringify(outcomes)}`);
  const fromCache = Object.entries(outcomes)
    .filter(([outcome]) => outcome.startsWith('cache '))
    .reduce((sum, [, count]) => sum + count, 0);
  return { ...figure, fromCache };
}

/** One measured pass of a stream to a local receiver: every value re-served from the cache. */
async function streamPass(
  service: RunningService,
  sandbox: PageServer,
  values: string[],
): Promise<PassFigure> {
  const receiver = await startStreamReceiver(values.length);
  try {
    const figure = await measurePass(service.pid, sandbox, async () => {
      await submitStream(service, receiver, {
        values,
        max_age: MAX_AGE_S,
        delivery_batch_size: Number(args['batch-size']),
      });
      await waitUntil('every delivery', () => receiver.complete(), 3600_000);
    });
    const { firstDeliveryMs: _first, lastDeliveryMs: _last, ...tally } = receiver.tally();
    log(`${service.checkout.label}: stream pass ${figure.seconds.toFixed(1)} s ${JSON.stringify(tally)}`);
    if (tally.badSignatures > 0 || tally.missing > 0 || tally.duplicated > 0) {
      throw new Error('stream results wrong');
    }
    return { ...figure, fromCache: tally.servedFrom.cache ?? 0 };
  } finally {
    await receiver.close();
  }
}

async function main(): Promise<void> {
  const sandbox = await startPageServer('sandbox');
  const runs = new Map<string, Figures[]>();
  const services: RunningService[] = [];
  try {
    const values = await streamBenchValues(sandbox.origin, VALUE_COUNT);
    // Both services stay up: warmed once, then their measured passes alternate, so the machine's
    // load during the run hits both alike.
    for (const checkout of checkoutsOf(args.against))
      services.push(await startWarm(checkout, sandbox, values));
    for (let round = 0; round < Number(args.rounds); round += 1) {
      const order = round % 2 === 1 ? [...services].reverse() : services;
      const batch = new Map<RunningService, PassFigure>();
      for (const service of order) batch.set(service, await batchPass(service, sandbox, values));
      for (const service of order) {
        const stream = await streamPass(service, sandbox, values);
        const label = service.checkout.label;
        runs.set(label, [...(runs.get(label) ?? []), { batch: batch.get(service) as PassFigure, stream }]);
      }
    }
  } finally {
    for (const service of services) await service.stop();
    await sandbox.stop();
  }
  const summary = (label: string, pass: keyof Figures) => {
    const figures = runs.get(label)?.map((run) => run[pass]);
    if (!figures) return undefined;
    return {
      cpuMsPerValue: median(figures.map((figure) => figure.cpuMsPerValue)),
      seconds: median(figures.map((figure) => figure.seconds)),
      fromCache: Math.min(...figures.map((figure) => figure.fromCache)),
      fetches: Math.max(...figures.map((figure) => figure.fetches)),
    };
  };
  const rows: string[][] = [];
  for (const pass of ['batch', 'stream'] as const) {
    const before = summary('before', pass);
    const after = summary('after', pass);
    const cell = (figure: typeof after) => (figure ? `${figure.cpuMsPerValue.toFixed(3)} ms` : '–');
    const detail = (figure: typeof after) =>
      figure
        ? `${figure.seconds.toFixed(1)} s, ${figure.fromCache}/${VALUE_COUNT} from cache, ${figure.fetches} fetches`
        : '–';
    rows.push([
      pass === 'batch' ? `batch jobs of ≤ 1 000 values` : `one stream, deliveries of ${args['batch-size']}`,
      cell(before),
      cell(after),
      ratio(after?.cpuMsPerValue, before?.cpuMsPerValue),
      after ? `${(after.cpuMsPerValue / GOAL_MS).toFixed(1)}× the goal` : '–',
      detail(before),
      detail(after),
    ]);
  }
  const header = [
    'pass (all re-served from cache)',
    'CPU per value before',
    'after',
    'after/before',
    `vs goal ≤ ${GOAL_MS} ms`,
    'before: time, cache, fetches',
    'after: time, cache, fetches',
  ];
  printResultTable(
    `${VALUE_COUNT} source_01/de values, service CPU (utime+stime) per value, ${args.rounds} round(s) (medians)`,
    header,
    rows,
    args.against,
  );
}

runBench(main);
