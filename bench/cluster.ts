/**
 * Cluster benchmark (issue 13, "Done when"): starts 2 API processes (`pricecrawl api`) and 3 worker
 * processes (`pricecrawl worker`) on a fresh PostgreSQL database and a private Redis (its own
 * `redis-server` child on a free port, so the shared Redis is never restarted), runs a 20 000-value
 * stream and five 1 000-value batch jobs on the sandbox while it SIGKILLs one worker and restarts
 * Redis once, then runs the same work with one worker and no faults, and prints for both runs:
 * values answered (once each), stream deliveries and their gaps, credits charged against expected,
 * the highest request rate the sandbox saw for the pair against what the pair's token bucket lets
 * out in one second (burst + CRAWL_PAIR_RPS), and values per second.
 *
 *   npx tsx bench/cluster.ts [--workers 3] [--stream-values 20000] [--batches 5] [--batch-values 1000]
 *                            [--pair-rps 200] [--stall-s 120] [--no-baseline]
 *
 * The sandbox runs in this process and counts the requests that reach it per wall-clock second (what
 * a marketplace sees); the figures are the busiest second, how many seconds went over the bucket's
 * burst + rate and how many of those fell within 5 s of the Redis restart (which forgets the bucket). A run that stops progressing
 * for `--stall-s` seconds ends and reports what is missing instead of waiting forever.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { DEFAULT_FETCHER_OPTIONS } from '../src/crawl/fetcher/fetcher.options.ts';
import { buildSandboxApp } from '../src/sandbox/index.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { freePort, startServiceProcess, waitForOk, type ServiceProcess } from '../test/support/processes.ts';
import { startReceiver } from '../test/support/receiver.ts';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '3' },
    apis: { type: 'string', default: '2' },
    'stream-values': { type: 'string', default: '20000' },
    batches: { type: 'string', default: '5' },
    'batch-values': { type: 'string', default: '1000' },
    'pair-rps': { type: 'string', default: '200' },
    'stall-s': { type: 'string', default: '120' },
    'no-baseline': { type: 'boolean', default: false },
  },
});
const STREAM_VALUES = Number(args['stream-values']);
const BATCHES = Number(args.batches);
const BATCH_VALUES = Number(args['batch-values']);
const PAIR_RPS = Number(args['pair-rps']);
/** The pair's bucket: `perPairBurst` (not configurable), at most one second of the rate. */
const PAIR_BURST = Math.max(1, Math.min(DEFAULT_FETCHER_OPTIONS.perPairBurst, Math.floor(PAIR_RPS)));
const STALL_MS = Number(args['stall-s']) * 1000;
const API_KEY = `svc_live_${randomBytes(36).toString('base64url')}`;
const sum = (numbers: number[]) => numbers.reduce((total, n) => total + n, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text: string) =>
  void process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);

/** The fields of API answers the bench reads. */
interface ApiAnswer {
  error?: boolean;
  message?: string;
  job?: { _id: string; done: number };
  results?: Item[];
}

/** When the run's faults happened, to tell apart what a limit does around them. */
interface FaultMarks {
  redisRestartAtMs?: number;
}

/** Requests per wall-clock second that reached the sandbox, against the pair limit. */
interface RateFigures {
  highest_seen: number;
  configured_limit: number;
  /** The most one token bucket lets out in a wall-clock second: its burst plus the rate. */
  burst_plus_rate: number;
  seconds_counted: number;
  seconds_over_limit: number;
  over_limit_within_5s_of_redis_restart: number;
}

interface RunOptions {
  workers: number;
  faults: boolean;
}

/** A private Redis without persistence: a restart empties it, the harshest restart there is. */
function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: 'ignore',
  }); // prettier-ignore
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

interface Item {
  index?: number;
  key: string;
  success: boolean;
  reason: string | null;
  served_from: string;
}

/** Credits G15 asks for: 1 per freshly crawled value (a fresh `not found` included), key `id` has no extra pages. */
const expectedCost = (item: Item) =>
  item.served_from === 'live' && (item.success || item.reason === 'not found') ? 1 : 0;

async function run(
  options: RunOptions,
  sandboxPort: number,
  rateOf: (marks: FaultMarks) => RateFigures,
): Promise<Record<string, unknown>> {
  const database = await createTestDatabase('postgres');
  const redisPort = await freePort();
  let redis = startRedis(redisPort);
  const services: ServiceProcess[] = [];
  const receiver = await startReceiver((request, response) => {
    const payload = JSON.parse(request.rawBody) as {
      batch_sequence: number;
      is_final: boolean;
      results: Array<{ index: number; key: string; result: Omit<Item, 'key'> | null }>;
    };
    if (!sequences.has(payload.batch_sequence)) {
      sequences.add(payload.batch_sequence);
      for (const element of payload.results) {
        streamItems[element.index] = { key: element.key, ...element.result } as Item;
      }
    } else duplicateDeliveries += 1;
    if (payload.is_final) finalSequence = payload.batch_sequence;
    response.end('ok');
  });
  const sequences = new Set<number>();
  const streamItems: Array<Item | undefined> = new Array<Item | undefined>(STREAM_VALUES);
  let duplicateDeliveries = 0;
  let finalSequence = 0;
  const credits = String(STREAM_VALUES + BATCHES * BATCH_VALUES + 1000);
  const env = {
    ...database.env,
    QUEUE_ENGINE: 'bullmq',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    BULLMQ_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    SANDBOX_ENABLED: 'false',
    SANDBOX_PORT: String(sandboxPort),
    BOOTSTRAP_API_KEY: API_KEY,
    BOOTSTRAP_CREDITS: credits,
    CALLBACK_ALLOW_HOSTS: '127.0.0.1',
    CRAWL_PAIR_RPS: String(PAIR_RPS),
    RATE_LIMIT_PER_SECOND: '1000',
    RATE_LIMIT_BURST: '1000',
  };
  const bases: string[] = [];
  try {
    for (let i = 0; i < Number(args.apis); i += 1) {
      const port = await freePort();
      const api = startServiceProcess(process.execPath, ['bin/pricecrawl.js', 'api'], {
        ...env,
        PORT: String(port),
      });
      services.push(api);
      bases.push(`http://127.0.0.1:${port}`);
      await waitForOk(`http://127.0.0.1:${port}/health`, api); // one at a time: the first creates the demo account
    }
    const workers: ServiceProcess[] = [];
    for (let i = 0; i < options.workers; i += 1) {
      const healthPort = await freePort();
      const worker = startServiceProcess(process.execPath, ['bin/pricecrawl.js', 'worker'], {
        ...env,
        HEALTH_PORT: String(healthPort),
      });
      workers.push(worker);
      services.push(worker);
      await waitForOk(`http://127.0.0.1:${healthPort}/health`, worker);
    }
    log(`run with ${options.workers} worker(s): ${bases.length} APIs and the workers are up`);
    const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
    const call = async (base: string, path: string, init: RequestInit = {}) =>
      (await (await fetch(`${base}${path}`, { ...init, headers })).json()) as ApiAnswer;

    const catalog = (await (
      await fetch(`http://127.0.0.1:${sandboxPort}/catalog.json?source=source_01&country=de`)
    ).json()) as {
      products: Array<{ id: string }>;
      not_found: { id: string[] };
    };
    const streamValues = [...new Set([...catalog.products.map((p) => p.id), ...catalog.not_found.id])];
    for (let i = 0; streamValues.length < STREAM_VALUES; i += 1) streamValues.push(String(90_000_000 + i));
    const startedMs = Date.now();
    const stream = await call(bases[0]!, '/stream', {
      method: 'POST',
      body: JSON.stringify({ source: 'source_01', country: 'de', key: 'id', values: streamValues.slice(0, STREAM_VALUES), callback_url: receiver.url, delivery_batch_size: 100 }),
    }); // prettier-ignore
    if (stream.error) throw new Error(`stream refused: ${stream.message}`);
    const batchJobs: Array<{ id: string; base: string; values: string[] }> = [];
    for (let b = 0; b < BATCHES; b += 1) {
      const values = Array.from({ length: BATCH_VALUES }, (_, i) => String(91_000_000 + b * 100_000 + i));
      const base = bases[(b + 1) % bases.length]!;
      const created = await call(base, '/job', {
        method: 'POST',
        body: JSON.stringify({ source: 'source_01', country: 'de', key: 'id', values }),
      });
      if (created.error || !created.job) throw new Error(`job refused: ${created.message}`);
      batchJobs.push({ id: created.job._id, base, values });
    }
    log(`submitted the stream and ${BATCHES} batch jobs in ${Date.now() - startedMs} ms`);

    const total = STREAM_VALUES + BATCHES * BATCH_VALUES;
    let killedWorker = !options.faults;
    let restartedRedis = !options.faults;
    let lastProgress = -1;
    let lastProgressMs = Date.now();
    let done = 0;
    const marks: FaultMarks = {};
    let batchDone: number[] = [];
    for (;;) {
      batchDone = await Promise.all(
        batchJobs.map(async (job) => (await call(job.base, `/job/${job.id}`)).job?.done ?? 0),
      );
      const streamDone = streamItems.filter(Boolean).length;
      done = streamDone + batchDone.reduce((sum, n) => sum + n, 0);
      if (done > lastProgress) [lastProgress, lastProgressMs] = [done, Date.now()];
      if (!killedWorker && done >= total * 0.25) {
        killedWorker = true;
        workers[0]!.signal('SIGKILL');
        log(`SIGKILLed a worker at ${done}/${total} values`);
      }
      if (!restartedRedis && done >= total * 0.5) {
        restartedRedis = true;
        marks.redisRestartAtMs = Date.now();
        await stopChild(redis, 'SIGTERM');
        await sleep(2000);
        redis = startRedis(redisPort);
        log(`restarted Redis (empty) at ${done}/${total} values`);
      }
      const finished = done >= total && finalSequence > 0 && sequences.size >= finalSequence;
      if (finished) break;
      if (Date.now() - lastProgressMs > STALL_MS) {
        log(`no progress for ${STALL_MS / 1000} s at ${done}/${total}: reporting what is missing`);
        break;
      }
      await sleep(1000);
    }
    // Up to the last value answered: a stalled run does not count its waiting against the rate.
    const seconds = (lastProgressMs - startedMs) / 1000;

    const batchItems: Item[][] = await Promise.all(
      batchJobs.map(async (job) => (await call(job.base, `/job/${job.id}/download`)).results ?? []),
    );
    const answeredOnce = (items: Item[], values: string[]) => {
      const counts = new Map<string, number>();
      for (const item of items) counts.set(item.key, (counts.get(item.key) ?? 0) + 1);
      return {
        missing: values.filter((value) => !counts.has(value)).length,
        duplicated: [...counts.values()].filter((n) => n > 1).length,
      };
    };
    const batchCheck = batchJobs.map((job, i) => answeredOnce(batchItems[i] ?? [], job.values));
    const streamAnswered = streamItems.filter(Boolean) as Item[];
    const allItems = [...streamAnswered, ...batchItems.flat()];
    // Up to the final delivery, or to the highest one received when the stream never ended.
    const lastSequence = Math.max(finalSequence, ...sequences);
    const gaps = Array.from({ length: lastSequence }, (_, i) => i + 1).filter(
      (n) => !sequences.has(n),
    ).length;
    const ledger = await verifyLedger(env);
    const outcomes: Record<string, number> = {};
    for (const item of allItems) {
      const outcome = `${item.served_from} ${item.success ? 'found' : item.reason}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    return {
      workers: options.workers,
      faults: options.faults ? 'one worker SIGKILLed at 25 %, Redis restarted empty at 50 %' : 'none',
      values_submitted: total,
      // An unfinished batch job has no download; its count of values done stands in for it.
      values_answered: { stream: streamAnswered.length, batches: sum(batchDone) },
      values_missing: total - streamAnswered.length - sum(batchDone),
      batch_values_missing_from_downloads: batchCheck.reduce((n, c) => n + c.missing, 0),
      values_duplicated: batchCheck.reduce((n, c) => n + c.duplicated, 0),
      stream_deliveries: {
        received: sequences.size,
        final_sequence: finalSequence,
        highest_sequence: lastSequence,
        gaps,
        repeated: duplicateDeliveries,
      },
      credits: {
        charged: Number(ledger.charged) + Number(ledger.overage),
        expected: allItems.reduce((n, item) => n + expectedCost(item), 0),
        still_reserved: ledger.outstanding,
        ledger_problems: ledger.problems,
      },
      outcomes,
      pair_requests_per_s: rateOf(marks),
      seconds_to_last_value: Number(seconds.toFixed(1)),
      values_per_s: Number((done / seconds).toFixed(1)),
    };
  } finally {
    for (const service of services) service.signal('SIGKILL');
    await Promise.all(services.map((service) => service.exited));
    await receiver.close();
    await stopChild(redis, 'SIGTERM');
    await database.drop();
  }
}

/** What `pricecrawl credits verify` prints (the fields the bench reads). */
interface LedgerReport {
  charged: number;
  overage: number;
  outstanding: number;
  problems: string[];
}

/** Runs `pricecrawl credits verify` on the run's database; answers its JSON. */
async function verifyLedger(env: Record<string, string>): Promise<LedgerReport> {
  const argv = ['credits', 'verify', '--account', 'demo'];
  const child = spawn(process.execPath, ['bin/pricecrawl.js', ...argv], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(output) as LedgerReport;
}

async function main(): Promise<void> {
  const sandbox = buildSandboxApp({});
  const requestSeconds = new Map<number, number>();
  // Counted as each request reaches the sandbox, per wall-clock second (what a marketplace sees).
  sandbox.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/_sandbox')) return;
    const second = Math.floor(Date.now() / 1000);
    requestSeconds.set(second, (requestSeconds.get(second) ?? 0) + 1);
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxPort = (sandbox.server.address() as AddressInfo).port;
  const rateOf = (marks: FaultMarks): RateFigures => {
    const over = [...requestSeconds].filter(([, count]) => count > PAIR_BURST + PAIR_RPS);
    const near = (second: number, atMs: number | undefined) =>
      atMs !== undefined && Math.abs(second * 1000 - atMs) <= 5_000;
    return {
      highest_seen: Math.max(0, ...requestSeconds.values()),
      configured_limit: PAIR_RPS,
      burst_plus_rate: PAIR_BURST + PAIR_RPS,
      seconds_counted: requestSeconds.size,
      seconds_over_limit: over.length,
      over_limit_within_5s_of_redis_restart: over.filter(([second]) => near(second, marks.redisRestartAtMs))
        .length,
    };
  };
  try {
    const cluster = await run({ workers: Number(args.workers), faults: true }, sandboxPort, rateOf);
    process.stdout.write(`${JSON.stringify(cluster, null, 2)}\n`);
    if (args['no-baseline'] !== true) {
      requestSeconds.clear();
      const single = await run({ workers: 1, faults: false }, sandboxPort, rateOf);
      process.stdout.write(`${JSON.stringify(single, null, 2)}\n`);
      const ratio = (cluster.values_per_s as number) / (single.values_per_s as number);
      process.stdout.write(
        `values per second: ${cluster.values_per_s} with ${args.workers} workers against ${single.values_per_s} with one (×${ratio.toFixed(2)})\n`,
      );
    }
  } finally {
    await sandbox.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
