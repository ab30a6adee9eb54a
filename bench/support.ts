/**
 * Shared plumbing of the benches (issue 11): start a checkout's service or the sandbox page server
 * as a process of its own, read a process tree's CPU time and memory from /proc, call the API, and
 * print the side-by-side tables. Benches compare two checkouts in one run: BEFORE is the directory
 * given by `--against`, AFTER is the checkout the bench runs from.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { verifyWebhook } from '../src/webhooks/verify.ts';
import { freePort, startServiceProcess, waitForOk, type ServiceProcess } from '../test/support/processes.ts';
import { startReceiver } from '../test/support/receiver.ts';

export { freePort };

/** The checkout this bench runs from (AFTER). */
export const THIS_CHECKOUT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A checkout to measure and the label its figures carry. */
export interface Checkout {
  label: 'before' | 'after';
  dir: string;
}

/**
 * The checkouts to compare: `against` (BEFORE) when given, then this one (AFTER). `round` swaps
 * their order on odd rounds so that neither always runs first on a warming machine.
 */
export function checkoutsOf(against: string | undefined, round = 0): Checkout[] {
  const list: Checkout[] = [];
  if (against !== undefined) list.push({ label: 'before', dir: resolve(against) });
  list.push({ label: 'after', dir: THIS_CHECKOUT });
  return round % 2 === 1 ? list.reverse() : list;
}

/** A line on stderr with the time of day: progress, never figures (those go to stdout). */
export function log(text: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
}

// ---- /proc readings (Linux) ----

let clockTicksPerSecond: number | undefined;
/** `getconf CLK_TCK`: the unit of the CPU times in /proc/<pid>/stat (100 on every usual Linux). */
function ticksPerSecond(): number {
  if (clockTicksPerSecond === undefined) {
    try {
      clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicksPerSecond = 100;
    }
  }
  return clockTicksPerSecond;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or undefined. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** `pid` and every live descendant of it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Field 2 after the name is the parent's pid.
    const parent = Number(statFields(Number(entry))?.[1]);
    if (!Number.isFinite(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop() as number;
    tree.push(next);
    pending.push(...(children.get(next) ?? []));
  }
  return tree;
}

/**
 * CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat `utime + stime`, plus
 * `cutime + cstime` (its ended children) and every live descendant's, so a service that forks
 * workers is charged for them. Differences of two readings measure a span.
 */
export function cpuMsOf(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const fields = statFields(member);
    // utime, stime, cutime, cstime are fields 14 to 17 of stat, 12 to 15 after the name.
    if (fields) for (const index of [11, 12, 13, 14]) ticks += Number(fields[index] ?? 0);
  }
  return (ticks * 1000) / ticksPerSecond();
}

/** A field of /proc/<pid>/status in MiB (`VmHWM` peak resident, `VmRSS` current), or 0. */
function statusMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const kib = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? 0 : Number(kib) / 1024;
  } catch {
    return 0;
  }
}

/** Peak resident memory of one process in MiB (Linux `VmHWM`; 0 once it has ended). */
export function peakRssMiB(pid: number): number {
  return statusMiB(pid, 'VmHWM');
}

/**
 * Watches a process's memory until `stop()`: its own peak (`VmHWM`, read last while it is alive)
 * and the highest sum of current RSS over it and its descendants, sampled every `everyMs`.
 */
export function watchMemory(
  pid: number,
  everyMs = 500,
): { stop(): { peakMiB: number; treePeakMiB: number } } {
  let peakMiB = 0;
  let treePeakMiB = 0;
  const sample = () => {
    peakMiB = Math.max(peakMiB, peakRssMiB(pid));
    const sum = processTree(pid).reduce((total, member) => total + statusMiB(member, 'VmRSS'), 0);
    treePeakMiB = Math.max(treePeakMiB, sum);
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      sample();
      clearInterval(timer);
      return { peakMiB, treePeakMiB: Math.max(treePeakMiB, peakMiB) };
    },
  };
}

/** The machine's load averages (1, 5, 15 min) as `uptime` prints them, for the figures' notes. */
export function machineLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

// ---- processes the benches start ----

/** A service started from a checkout, with its own data directory and demo key. */
export interface RunningService {
  checkout: Checkout;
  base: string;
  apiKey: string;
  pid: number;
  /** Where the service looks for the sandbox (its embedded one unless SANDBOX_ENABLED=false). */
  sandboxOrigin: string;
  process: ServiceProcess;
  /** SIGTERM, wait for the exit (SIGKILL after 20 s), remove the data directory. */
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx src/main/server.ts` (the embedded default, SQLite) in `checkout.dir` on
 * a free port with a fresh DATA_DIR and a bootstrap key, `env` added, and waits for /health 200.
 */
export async function startService(checkout: Checkout, env: Record<string, string>): Promise<RunningService> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `pricecrawl-bench-${checkout.label}-`));
  const apiKey = `svc_live_${randomBytes(36).toString('base64url')}`;
  const sandboxPort = env.SANDBOX_PORT ?? String(await freePort());
  const service = startServiceProcess(
    process.execPath,
    ['--import', 'tsx', 'src/main/server.ts'],
    {
      PORT: String(port),
      SANDBOX_PORT: sandboxPort,
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_CREDITS: '1000000000',
      CALLBACK_ALLOW_HOSTS: '127.0.0.1',
      // The bench's own polling and submissions must never meet the API's rate limit.
      RATE_LIMIT_PER_SECOND: '10000',
      RATE_LIMIT_BURST: '10000',
      ...env,
    },
    { cwd: checkout.dir },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/health`, service);
  } catch (error) {
    service.signal('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    checkout,
    base,
    apiKey,
    pid: service.child.pid as number,
    sandboxOrigin: `http://127.0.0.1:${sandboxPort}`,
    process: service,
    async stop() {
      service.signal('SIGTERM');
      const killer = setTimeout(() => service.signal('SIGKILL'), 20_000);
      await service.exited;
      clearTimeout(killer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The sandbox (or the synthetic page server) in a process of its own, as bench/crawl.ts serves it. */
export interface PageServer {
  child: ChildProcess;
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts `bench/crawl.ts --serve <mode>` of this checkout and waits for its port. */
export async function startPageServer(mode: 'sandbox' | 'local', pageKb = 60): Promise<PageServer> {
  const script = join(THIS_CHECKOUT, 'bench/crawl.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--serve', mode, '--page-kb', String(pageKb)],
    {
      cwd: THIS_CHECKOUT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  for await (const line of lines) {
    const port = (JSON.parse(line) as { port: number }).port;
    return {
      child,
      port,
      origin: `http://127.0.0.1:${port}`,
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
  }
  throw new Error('page server ended before listening');
}

/**
 * Runs `node --import tsx <script> ...args` in `cwd` and answers the JSON object it printed last on
 * stdout (the bench scripts' report), failing with its exit code otherwise.
 */
export async function runJsonScript(
  cwd: string,
  script: string,
  args: string[],
): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const start = output.lastIndexOf('\n{');
  const json = output.slice(start < 0 ? output.indexOf('{') : start + 1);
  if (code !== 0 || json === '') throw new Error(`${script} in ${cwd} exited ${code}: ${output.slice(-500)}`);
  return JSON.parse(json) as Record<string, unknown>;
}

// ---- the API ----

/** A JSON call to a service with its demo key; answers the parsed body. */
export async function callApi<T = Record<string, unknown>>(
  service: Pick<RunningService, 'base' | 'apiKey'>,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${service.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-api-key': service.apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

/** One result of a batch job's download (the fields the benches read). */
export interface DownloadedItem {
  key: string;
  success: boolean;
  reason: string | null;
  served_from: string;
}

/**
 * Submits batch jobs of `chunks` (one job each, `fields` added) and waits for every one to end,
 * each with `GET /job/{id}?wait=` so no polling loads the service. Answers the job ids.
 */
export async function runBatchJobs(
  service: RunningService,
  chunks: readonly string[][],
  fields: Record<string, unknown>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const values of chunks) {
    const answer = await callApi<{ error: boolean; message?: string; job?: { _id: string } }>(
      service,
      '/job',
      {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        ...fields,
      },
    );
    if (answer.error || !answer.job) throw new Error(`job refused: ${answer.message}`);
    ids.push(answer.job._id);
  }
  for (const id of ids) {
    for (;;) {
      const status = await callApi<{ job?: { status: string } }>(service, `/job/${id}?wait=60`);
      if (status.job?.status === 'finished') break;
      if (status.job?.status === 'failed') throw new Error(`job ${id} failed`);
    }
  }
  return ids;
}

/** Counts of `served_from` and outcome over the downloads of `jobIds`. */
export async function outcomesOf(
  service: RunningService,
  jobIds: readonly string[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const id of jobIds) {
    const download = await callApi<{ results?: DownloadedItem[] }>(service, `/job/${id}/download`);
    for (const item of download.results ?? []) {
      const outcome = `${item.served_from} ${item.success ? (item.reason ?? 'found') : `failed: ${item.reason}`}`;
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
  }
  return counts;
}

/** `values` in consecutive chunks of at most `size`. */
export function chunked<T>(values: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(values.length / size) }, (_, i) =>
    values.slice(i * size, (i + 1) * size),
  );
}

// ---- the sandbox's values ----

/** source_01/de of a sandbox: its base URL, product ids and the ids it answers 404 for. */
export async function sandboxIds(
  origin: string,
): Promise<{ baseUrl: string; products: string[]; notFound: string[] }> {
  const truth = (await (await fetch(`${origin}/catalog.json?source=source_01&country=de`)).json()) as {
    base_url: string;
    products: Array<{ id: string }>;
    not_found: { id?: string[] };
  };
  return {
    baseUrl: truth.base_url,
    products: truth.products.map((product) => product.id),
    notFound: truth.not_found.id ?? [],
  };
}

/**
 * The crawl benches' pages (issue 11): source_01/de's products and its first 20 not-found ids,
 * repeated in that order up to `count` values, as bench/crawl.ts `--mode sandbox` crawls them.
 */
export async function crawlBenchValues(
  origin: string,
  count: number,
): Promise<{ baseUrl: string; values: string[] }> {
  const { baseUrl, products, notFound } = await sandboxIds(origin);
  const pool = [...products, ...notFound.slice(0, 20)];
  return { baseUrl, values: Array.from({ length: count }, (_, i) => pool[i % pool.length] as string) };
}

/**
 * The stream benches' values (issue 5, issue 11 goal 1): source_01/de's products and every
 * not-found id of the sandbox, then ids the sandbox answers 404 for, up to `count`.
 */
export async function streamBenchValues(origin: string, count: number): Promise<string[]> {
  const { products, notFound } = await sandboxIds(origin);
  const values = [...new Set([...products, ...notFound])].slice(0, count);
  for (let i = 0; values.length < count; i += 1) values.push(String(90_000_000 + i));
  return values;
}

/** Requests the sandbox at `origin` has answered for source_01 so far (its `/_sandbox/stats`). */
export async function sandboxRequests(origin: string): Promise<number> {
  const stats = (await (await fetch(`${origin}/_sandbox/stats`)).json()) as {
    source_01?: { requests: number };
  };
  return stats.source_01?.requests ?? 0;
}

// ---- streams ----

/** What a stream receiver saw. */
export interface StreamTally {
  deliveries: number;
  repeatedDeliveries: number;
  results: number;
  badSignatures: number;
  missing: number;
  duplicated: number;
  gapFree: boolean;
  /** Results by `served_from` (`live`, `cache`). */
  servedFrom: Record<string, number>;
  firstDeliveryMs: number;
  lastDeliveryMs: number;
}

/** A local webhook receiver for one stream of `valueCount` values that checks every signature. */
export interface StreamReceiver {
  url: string;
  /** The stream's `webhook_secret`, known once it was submitted. */
  setSecret(secret: string): void;
  /** True once the final delivery and every one before it arrived, with every value's result. */
  complete(): boolean;
  tally(): StreamTally;
  close(): Promise<void>;
}

/** Starts a receiver that verifies both signature schemes and counts each value's results once. */
export async function startStreamReceiver(valueCount: number): Promise<StreamReceiver> {
  let secret = '';
  let badSignatures = 0;
  let repeatedDeliveries = 0;
  let finalSequence = 0;
  let results = 0;
  let firstDeliveryMs = 0;
  let lastDeliveryMs = 0;
  const seenIndexes = new Uint8Array(valueCount);
  const sequences = new Set<number>();
  const servedFrom: Record<string, number> = {};
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
      results: Array<{ index: number; result: { served_from?: string } | null }>;
    };
    if (sequences.has(payload.batch_sequence)) repeatedDeliveries += 1;
    else {
      sequences.add(payload.batch_sequence);
      for (const { index, result } of payload.results) {
        seenIndexes[index] = (seenIndexes[index] ?? 0) + 1;
        results += 1;
        const from = result?.served_from ?? 'none';
        servedFrom[from] = (servedFrom[from] ?? 0) + 1;
      }
    }
    if (payload.is_final) finalSequence = payload.batch_sequence;
    firstDeliveryMs ||= Date.now();
    lastDeliveryMs = Date.now();
    response.end('ok');
  });
  return {
    url: receiver.url,
    setSecret: (value) => void (secret = value),
    complete: () => finalSequence > 0 && sequences.size === finalSequence && results >= valueCount,
    tally: () => ({
      deliveries: sequences.size,
      repeatedDeliveries,
      results,
      badSignatures,
      missing: seenIndexes.reduce((count, seen) => count + (seen === 0 ? 1 : 0), 0),
      duplicated: seenIndexes.reduce((count, seen) => count + (seen > 1 ? 1 : 0), 0),
      gapFree: [...sequences].every((sequence) => sequence >= 1 && sequence <= finalSequence),
      servedFrom,
      firstDeliveryMs,
      lastDeliveryMs,
    }),
    close: () => receiver.close(),
  };
}

/** Submits a stream of source_01/de values to `receiver` (`fields` added); answers its job id. */
export async function submitStream(
  service: RunningService,
  receiver: StreamReceiver,
  fields: Record<string, unknown>,
): Promise<string> {
  const answer = await callApi<{ error: boolean; job_id: string; webhook_secret: string; message?: string }>(
    service,
    '/stream',
    { source: 'source_01', country: 'de', key: 'id', callback_url: receiver.url, ...fields },
  );
  if (answer.error) throw new Error(`stream refused: ${answer.message}`);
  receiver.setSecret(answer.webhook_secret);
  return answer.job_id;
}

/** Polls `check` every `everyMs` until it answers true; fails after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// ---- printing ----

/** `after / before` as `×1.23`, or `–` when either is missing or zero. */
export function ratio(after: number | undefined, before: number | undefined): string {
  if (after === undefined || before === undefined || before === 0 || !Number.isFinite(after / before))
    return '–';
  return `×${(after / before).toFixed(2)}`;
}

/** The median of some figures (the middle one of an odd count, the mean of the middle two else). */
export function median(figures: readonly number[]): number {
  const sorted = [...figures].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A markdown table: a header row and rows of cells, columns padded for reading in a terminal. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** The note under every table: when, on what load, with which checkouts. */
export function runNote(against: string | undefined): string {
  const checkouts =
    against === undefined
      ? `after = ${THIS_CHECKOUT}`
      : `before = ${resolve(against)}, after = ${THIS_CHECKOUT}`;
  return `${new Date().toISOString()}; ${checkouts}; load average at the end ${machineLoad()}; node ${process.version}`;
}
