import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { sleep } from '../../src/platform/lib/time.ts';

/** A port nothing listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
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
