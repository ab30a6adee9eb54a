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
import { freePort, startServiceProcess, waitForOk, type ServiceProcess } from '../test/support/processes.ts';

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

/** How a bench starts a service: its TypeScript under tsx, or its build as `npm start` runs it. */
export type ServiceEntry = 'tsx' | 'compiled';

/** The `--service` flag of a bench as a {@link ServiceEntry}; anything else is refused. */
export function serviceEntryOf(flag: string): ServiceEntry {
  if (flag === 'tsx' || flag === 'compiled') return flag;
  throw new Error(`--service must be tsx or compiled, not ${flag}`);
}

/** The node arguments of each {@link ServiceEntry} (`compiled` refuses a dist/ older than src/). */
const SERVICE_ARGS: Record<ServiceEntry, string[]> = {
  tsx: ['--import', 'tsx', 'src/main/server.ts'],
  compiled: ['bin/compiled.js', 'main/server.js'],
};

/**
 * Starts `node --import tsx src/main/server.ts` (the embedded default, SQLite), or with `entry`
 * `compiled` the checkout's build as `npm start` runs it, in `checkout.dir` on a free port with a
 * fresh DATA_DIR and a bootstrap key, `env` added, and waits for /health 200. Under tsx, every
 * module the service first imports after it answers (a compute thread's whole module graph, started
 * on the first page it parses) is compiled through tsx's loader while a bench measures it.
 */
export async function startService(
  checkout: Checkout,
  env: Record<string, string>,
  entry: ServiceEntry = 'tsx',
  nodeArgs: readonly string[] = [],
): Promise<RunningService> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `pricecrawl-bench-${checkout.label}-`));
  const apiKey = `svc_live_${randomBytes(36).toString('base64url')}`;
  const sandboxPort = env.SANDBOX_PORT ?? String(await freePort());
  const service = startServiceProcess(
    process.execPath,
    [...nodeArgs, ...SERVICE_ARGS[entry]],
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
export async function startPageServer(
  mode: 'sandbox' | 'local',
  pageKb = 60,
  extraArgs: readonly string[] = [],
): Promise<PageServer> {
  const script = join(THIS_CHECKOUT, 'bench/crawl.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--serve', mode, '--page-kb', String(pageKb), ...extraArgs],
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

/** Prints a bench's closing table: its title, the markdown table and which checkouts ran when. */
export function printResultTable(
  title: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  against: string | undefined,
): void {
  console.log(`\n${title}\n`);
  console.log(markdownTable(header, rows));
  console.log(`\n${runNote(against)}`);
}

/** Runs a bench's `main` and exits 0, or 1 with the error's stack (a bench leaves no server open). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
