/**
 * Start-time benchmark (issue 11, goal 4): the time from spawning `npm start` to the first
 * `GET /health` 200, on a fresh DATA_DIR and again on the database that start left behind, for a
 * baseline checkout (`--against`, e.g. /work/wt-base, which runs tsx) and this checkout (compiled
 * dist/), side by side in one run, runs interleaved so both see the same machine load.
 *
 *   npx tsx bench/startup.ts [--runs 7] [--against /work/wt-base] [--no-direct]
 *
 * Prints per checkout and database the median, min and max wall time and the median CPU time the
 * started process group (npm, node, the sandbox child, tsx's esbuild) used until the 200. CPU time
 * stands up to a busy machine better than wall time. A last row starts this checkout's compiled
 * server with node directly (no npm) to show npm's own share, unless `--no-direct`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildProblem } from '../bin/compiled.js';
import { freePort } from '../test/support/processes.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    against: { type: 'string' },
    'no-direct': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const HERE = resolve(import.meta.dirname, '..');
/** Linux reports process CPU time in clock ticks of 1/100 s. */
const TICK_MS = 10;

interface Variant {
  label: string;
  cwd: string;
  command: string[];
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

const variants: Variant[] = [
  ...(args.against
    ? [
        {
          label: `before: ${args.against}`,
          cwd: resolve(args.against),
          command: ['npm', 'start', '--silent'],
        },
      ]
    : []),
  { label: 'after: this checkout', cwd: HERE, command: ['npm', 'start', '--silent'] },
  ...(args['no-direct']
    ? []
    : [
        {
          label: 'after, node without npm',
          cwd: HERE,
          command: ['node', 'bin/compiled.js', 'main/server.js'],
        },
      ]),
];

/** CPU time (user + system, including reaped children) of every live process in group `pgid`. */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which sits in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended while being read
    }
  }
  return ticks * TICK_MS;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Stops the group with SIGTERM (the service drains) and waits until no process of it is left. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pgid = child.pid!;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // the group is gone already
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 20_000;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) signal('SIGKILL');
    await sleep(20);
  }
}

/** Starts the variant on `dataDir` and measures until the first /health 200, then stops it. */
async function measureStart(variant: Variant, dataDir: string): Promise<Sample> {
  const [port, sandboxPort, healthPort] = [await freePort(), await freePort(), await freePort()];
  const startedAt = performance.now();
  const child = spawn(variant.command[0]!, variant.command.slice(1), {
    cwd: variant.cwd,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.label} exited (${child.exitCode}):\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - startedAt > 60_000) throw new Error(`${variant.label}: no /health 200 in 60 s`);
      await sleep(5);
    }
    return { wallMs: performance.now() - startedAt, cpuMs: groupCpuMs(child.pid!) };
  } finally {
    await stopGroup(child);
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const problem = buildProblem();
  if (problem) throw new Error(`${problem}: run \`npm run build\` first`);
  const samples = new Map<string, Sample[]>();
  const add = (key: string, sample: Sample) => samples.set(key, [...(samples.get(key) ?? []), sample]);
  for (let run = 1; run <= RUNS; run += 1) {
    for (const variant of variants) {
      const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-startup-'));
      try {
        add(`${variant.label}|fresh`, await measureStart(variant, dataDir));
        add(`${variant.label}|existing`, await measureStart(variant, dataDir));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    process.stderr.write(`run ${run}/${RUNS} done\n`);
  }
  const rows = [['checkout', 'database', 'median ms', 'min–max ms', 'CPU ms (median)']];
  for (const variant of variants) {
    for (const database of ['fresh', 'existing']) {
      const list = samples.get(`${variant.label}|${database}`)!;
      const walls = list.map((sample) => sample.wallMs);
      rows.push([
        variant.label,
        database,
        String(Math.round(median(walls))),
        `${Math.round(Math.min(...walls))}–${Math.round(Math.max(...walls))}`,
        String(Math.round(median(list.map((sample) => sample.cpuMs)))),
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log(`npm start → first GET /health 200, ${RUNS} runs each, interleaved\n`);
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | '));
  if (args.against) {
    const ratio = (database: string) => {
      const of = (label: string) => median(samples.get(`${label}|${database}`)!.map((s) => s.wallMs));
      return (of(variants[1]!.label) / of(variants[0]!.label)).toFixed(2);
    };
    console.log(
      `\nafter / before (median wall time): fresh ${ratio('fresh')}, existing ${ratio('existing')}`,
    );
  }
}

await main();
