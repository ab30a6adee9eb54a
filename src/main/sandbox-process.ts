import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** The running sandbox process, owned by the API process that forked it. */
export interface SandboxProcess {
  /** Stops it and resolves once it exited (killed when it has not within `timeoutMs`). */
  close(timeoutMs?: number): Promise<void>;
}

/** What the child reports over IPC (sandbox.ts). */
interface SandboxMessage {
  listening?: number;
  error?: string;
}

/**
 * Forks the sandbox marketplaces (sandbox.ts) and resolves once they listen on `SANDBOX_PORT`;
 * rejects when the child cannot listen (a taken port fails the start, as an in-process sandbox
 * did). Later exits that nobody asked for are logged as errors: crawls of the sandbox fail until a
 * restart.
 */
export function startSandboxProcess(logger: Logger): Promise<SandboxProcess> {
  // The sibling entry of the same kind as this module: dist/main/sandbox.js when compiled,
  // src/main/sandbox.ts under tsx (`npm run dev`), whose loader flags the child inherits.
  const entry = new URL(`./sandbox${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
  const child = fork(fileURLToPath(entry), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let stopping = false;
  let failure: string | undefined;
  return new Promise((resolve, reject) => {
    const exitedEarly = (code: number | null, signal: string | null) =>
      reject(
        new Error(
          `the sandbox process exited (${signal ?? code}) before listening: ${failure ?? 'see above'}`,
        ),
      );
    child.on('error', (error) => {
      // Before it listens this fails the start; afterwards (a failed kill or message) it is logged.
      reject(error);
      logger.error({ err: error }, 'sandbox process error');
    });
    child.once('exit', exitedEarly);
    child.on('message', (message: SandboxMessage) => {
      if (message.error !== undefined) failure = message.error;
      if (message.listening === undefined) return;
      child.off('exit', exitedEarly);
      child.on('exit', (code, signal) => {
        if (!stopping) logger.error({ code, signal }, 'the sandbox process exited; the sandbox is down');
      });
      resolve({
        close: (timeoutMs = 5000) => {
          stopping = true;
          return stopChild(child, timeoutMs);
        },
      });
    });
  });
}

async function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  // Closing the channel is the child's signal to close its server and exit.
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}
