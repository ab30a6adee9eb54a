import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from '../../src/platform/lib/time.ts';

/**
 * Where ports handed to other processes come from: below Linux's ephemeral range (32768-60999), from
 * which `listen(0)` and outgoing connections take theirs. A port taken from that range would be free
 * when asked and could be taken by a neighbour test file's `listen(0)` or connection in the seconds
 * before the started service binds it.
 */
const HANDED_PORTS = { first: 20_000, count: 12_000 };

/** One file per handed port, made with `wx`: two test processes never hand out the same port. */
const CLAIMS = join(tmpdir(), 'pricecrawl-test-ports');
const claims: string[] = [];
process.once('exit', () => claims.forEach((file) => rmSync(file, { force: true })));

/** Claims `port` for this process; false when another (running or ended) claimed it first. */
function claim(port: number): boolean {
  const file = join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    // A claim left by a killed process is never taken over: a takeover cannot be made atomic.
    return false;
  }
  claims.push(file);
  return true;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port for a process the test starts (`PORT`, `SANDBOX_PORT`, `HEALTH_PORT`): nothing listens on
 * it, no other test process was handed it, and no `listen(0)` or outgoing connection will take it.
 */
export async function freePort(): Promise<number> {
  mkdirSync(CLAIMS, { recursive: true });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = HANDED_PORTS.first + randomInt(HANDED_PORTS.count);
    if (claim(port) && (await bindable(port))) return port;
  }
  throw new Error(
    `no free port between ${HANDED_PORTS.first} and ${HANDED_PORTS.first + HANDED_PORTS.count}`,
  );
}

/** A service process started by a test, in its own process group. */
export interface ServiceProcess {
  child: ChildProcess;
  /** What it wrote to stdout (its log lines) and stderr so far. */
  output(): string;
  /** Signals the whole group (npx, node) at once. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code of the started command (`null` when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts `command args` with `env` added to this process's environment (LOG_LEVEL warn unless set),
 * in `options.cwd` (default: this process's directory; benches start another checkout's service).
 */
export function startServiceProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): ServiceProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => void (output += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    signal(signal) {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    },
    exited,
  };
}

/** Polls `check` until it answers true; fails naming `what` and the process's output. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  service: ServiceProcess,
  timeoutMs = 90_000,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (service.child.exitCode !== null) {
      throw new Error(`the process exited (${service.child.exitCode}) before ${what}:\n${service.output()}`);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out waiting for ${what}:\n${service.output()}`);
    await sleep(200);
  }
}

/** Polls `url` until it answers 200. */
export async function waitForOk(url: string, service: ServiceProcess): Promise<void> {
  await waitFor(`${url} to answer 200`, async () => (await fetch(url)).ok, service);
}
