/**
 * SQLite checkpoints off the event loop. better-sqlite3 is synchronous, and by default the
 * connection that commits also runs SQLite's WAL auto-checkpoint, copying the WAL into the database
 * file inside the `COMMIT` call: after a 100 MB submission that held the event loop for seconds
 * (docs/performance.md, "Large malformed submissions"). Every process that opens the file therefore
 * turns auto-checkpoint off on its connection and checkpoints on a connection of its own in a
 * worker thread (`database.checkpoint.worker.ts`), started when there is first something to do.
 *
 * When: a timer looks at the WAL file's size every `CHECKPOINT_POLL_MS` (an asynchronous `stat`);
 * a checkpoint runs once the WAL has new frames and has reached `walBytes` or `intervalMs` has
 * passed since the last one. How: PASSIVE (never waits, never blocks a writer); when it copied every
 * frame, TRUNCATE with no wait (it then has nothing to copy and only resets the file, and gives up
 * at once if a reader or writer is busy). RESTART, which holds writers off while it waits for
 * readers, only when the WAL has passed `RESTART_FACTOR` times `walBytes` and the last checkpoint
 * could not finish, waiting at most `RESTART_BUSY_MS` (writers of this process wait for the lock
 * between turns of the event loop, `withBusyRetry`). A thread that keeps failing hands checkpointing
 * back to the connection (`fallBack`), so the WAL never grows without bound.
 */
import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { siblingEntry, startModuleThread } from '../lib/threads.ts';

/** How often the WAL file's size is looked at (one asynchronous `stat`). */
export const CHECKPOINT_POLL_MS = 250;
/** Default of `SQLITE_CHECKPOINT_INTERVAL_MS`. */
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 5000;
/** Default of `SQLITE_CHECKPOINT_WAL_BYTES` (16 MiB, about 4 000 pages of 4 KiB). */
export const DEFAULT_CHECKPOINT_WAL_BYTES = 16 * 1024 * 1024;
/** A WAL this many times `walBytes` whose last checkpoint could not finish gets a RESTART. */
export const RESTART_FACTOR = 4;
/** The longest a RESTART (or the final checkpoint) waits for readers and writers. */
export const RESTART_BUSY_MS = 1000;
/** Checkpoint thread failures in a row after which the connection checkpoints itself again. */
export const MAX_THREAD_FAILURES = 3;

/** When and how a process checkpoints its SQLite file. */
export interface CheckpointSettings {
  /** Checkpoint at least this often while the WAL has new frames (`SQLITE_CHECKPOINT_INTERVAL_MS`). */
  intervalMs: number;
  /** Checkpoint once the WAL file reaches this size; also the size a reset WAL is cut back to. */
  walBytes: number;
  /** Told after every checkpoint (tests, diagnostics). */
  onCheckpoint?: (outcome: CheckpointOutcome) => void;
  /** Told of a failure of the thread (default: a process warning). */
  onProblem?: (message: string) => void;
}

/** The settings a process uses unless configured otherwise. */
export const DEFAULT_CHECKPOINT_SETTINGS: CheckpointSettings = {
  intervalMs: DEFAULT_CHECKPOINT_INTERVAL_MS,
  walBytes: DEFAULT_CHECKPOINT_WAL_BYTES,
};

/** A checkpoint mode of `PRAGMA wal_checkpoint`. */
export type CheckpointMode = 'PASSIVE' | 'RESTART' | 'TRUNCATE';

/** A request to the checkpoint thread. */
export type CheckpointCall =
  | { id: number; kind: 'checkpoint'; mode: CheckpointMode; busyTimeoutMs: number }
  | { id: number; kind: 'close' };

/** What `PRAGMA wal_checkpoint` answered: frames in the WAL and frames now in the database file. */
export interface CheckpointResult {
  busy: boolean;
  walFrames: number;
  checkpointedFrames: number;
}

/** The checkpoint thread's answer to one call. */
export type CheckpointAnswer =
  ({ id: number } & CheckpointResult) | { id: number; closed: true } | { id: number; error: string };

/** One checkpoint as `onCheckpoint` sees it. */
export interface CheckpointOutcome extends CheckpointResult {
  mode: 'PASSIVE' | 'RESTART' | 'FINAL';
  /** Whether the WAL file was then cut to zero bytes (TRUNCATE). */
  truncated: boolean;
  walBytesBefore: number;
  walBytesAfter: number;
}

/** A process's checkpointer of one SQLite file. */
export interface Checkpointer {
  /** Stops the timer and runs a final checkpoint (TRUNCATE) when the thread is running or the WAL is large. */
  finish(): Promise<void>;
  /** Closes the thread's connection and ends the thread; call after the process's connection is closed. */
  close(): Promise<void>;
  /** Whether the thread is running (it starts when there is first something to checkpoint). */
  readonly threadRunning: boolean;
}

/** Everything `startCheckpointer` needs besides the settings. */
export interface CheckpointerTarget {
  file: string;
  /** Gives checkpointing back to the process's connection (auto-checkpoint on again). */
  fallBack: () => void;
  /** The thread's entry instead of `database.checkpoint.worker` beside this module (tests start failing threads). */
  entry?: URL;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (answer: CheckpointAnswer) => void; reject: (error: Error) => void }>;
}

interface WalState {
  size: number;
  mtimeMs: number;
}

/** Whether a checkpoint copied every frame of the WAL into the database file. */
export function copiedAll(result: CheckpointResult): boolean {
  return !result.busy && result.walFrames >= 0 && result.walFrames === result.checkpointedFrames;
}

async function walState(walFile: string): Promise<WalState> {
  try {
    const info = await stat(walFile);
    return { size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return { size: 0, mtimeMs: 0 };
  }
}

/** The WAL as the last checkpoint left it. */
interface LastCheckpoint extends WalState {
  atMs: number;
  /** Whether it copied every frame (or cut the WAL to nothing). */
  complete: boolean;
}

/** Whether the WAL is due: new frames (or an unfinished last checkpoint), and its size or interval reached. */
function isDue(wal: WalState, last: LastCheckpoint, settings: CheckpointSettings): boolean {
  if (wal.size === 0) return false;
  if (last.complete && wal.size === last.size && wal.mtimeMs === last.mtimeMs) return false;
  return wal.size >= settings.walBytes || Date.now() - last.atMs >= settings.intervalMs;
}

type ThreadCalls = ReturnType<typeof threadCalls>;

/** One checkpoint on the thread: PASSIVE then TRUNCATE when all was copied, RESTART, or the FINAL one. */
async function checkpointOnce(
  threads: ThreadCalls,
  walFile: string,
  mode: CheckpointOutcome['mode'],
  walBytesBefore: number,
): Promise<{ outcome: CheckpointOutcome; last: LastCheckpoint }> {
  const result =
    mode === 'PASSIVE'
      ? await threads.checkpoint('PASSIVE', 0)
      : await threads.checkpoint(mode === 'RESTART' ? 'RESTART' : 'TRUNCATE', RESTART_BUSY_MS);
  let truncated = mode === 'FINAL' && !result.busy;
  if (mode !== 'FINAL' && copiedAll(result)) truncated = !(await threads.checkpoint('TRUNCATE', 0)).busy;
  const after = await walState(walFile);
  return {
    outcome: { ...result, mode, truncated, walBytesBefore, walBytesAfter: after.size },
    last: { ...after, atMs: Date.now(), complete: copiedAll(result) || truncated },
  };
}

/** Starts checkpointing `target.file` per `settings` (the thread itself starts on first need). */
export function startCheckpointer(target: CheckpointerTarget, settings: CheckpointSettings): Checkpointer {
  const walFile = `${target.file}-wal`;
  const problem =
    settings.onProblem ?? ((message: string) => process.emitWarning(message, 'SqliteCheckpoint'));
  const threads = threadCalls(target, problem);
  let last: LastCheckpoint = { size: 0, mtimeMs: 0, atMs: Date.now(), complete: true };
  let inFlight: Promise<void> | undefined;
  let failures = 0;
  let handedBack = false;

  async function run(mode: CheckpointOutcome['mode'], walBytesBefore: number): Promise<void> {
    const done = await checkpointOnce(threads, walFile, mode, walBytesBefore);
    last = done.last;
    settings.onCheckpoint?.(done.outcome);
  }

  function failed(error: Error): void {
    failures += 1;
    problem(`SQLite checkpoint failed (${failures} in a row): ${error.message}`);
    if (failures < MAX_THREAD_FAILURES) return;
    clearInterval(timer);
    handedBack = true;
    target.fallBack();
    problem(
      'SQLite checkpoint thread keeps failing: the connection checkpoints itself again (auto-checkpoint)',
    );
  }

  async function tick(): Promise<void> {
    const wal = await walState(walFile);
    if (!isDue(wal, last, settings)) return;
    const restart = !last.complete && wal.size >= RESTART_FACTOR * settings.walBytes;
    await run(restart ? 'RESTART' : 'PASSIVE', wal.size).then(() => (failures = 0), failed);
  }

  const timer = setInterval(() => {
    inFlight ??= tick()
      .catch((error: Error) => problem(`SQLite checkpoint failed: ${error.message}`))
      .finally(() => (inFlight = undefined));
  }, CHECKPOINT_POLL_MS);
  timer.unref();

  return {
    get threadRunning() {
      return threads.running;
    },
    async finish() {
      clearInterval(timer);
      await inFlight;
      const wal = await walState(walFile);
      if (handedBack || wal.size === 0 || (!threads.running && wal.size < settings.walBytes)) return;
      await run('FINAL', wal.size).catch((error: Error) =>
        problem(`final SQLite checkpoint failed: ${error.message}`),
      );
    },
    close: () => threads.close(),
  };
}

/** The checkpoint thread, started on the first call, with its calls and their answers. */
function threadCalls(
  { file, entry }: Pick<CheckpointerTarget, 'file' | 'entry'>,
  problem: (message: string) => void,
) {
  let thread: Thread | undefined;
  let nextId = 0;

  function start(): Thread {
    const worker = startModuleThread(entry ?? siblingEntry('database.checkpoint.worker', import.meta.url), {
      workerData: { file },
    });
    const started: Thread = { worker, waiting: new Map() };
    const fail = (error: Error) => {
      if (thread === started) thread = undefined;
      for (const entry of started.waiting.values()) entry.reject(error);
      started.waiting.clear();
    };
    worker.on('message', (answer: CheckpointAnswer) => {
      const entry = started.waiting.get(answer.id);
      started.waiting.delete(answer.id);
      if (started.waiting.size === 0) worker.unref();
      entry?.resolve(answer);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the checkpoint thread exited (code ${code})`)));
    worker.unref();
    return started;
  }

  function send(call: CheckpointCall, current: Thread): Promise<CheckpointAnswer> {
    return new Promise((resolve, reject) => {
      current.waiting.set(call.id, { resolve, reject });
      // A thread with a call waiting keeps the process alive until it answers.
      current.worker.ref();
      current.worker.postMessage(call);
    });
  }

  return {
    get running() {
      return thread !== undefined;
    },
    async checkpoint(mode: CheckpointMode, busyTimeoutMs: number): Promise<CheckpointResult> {
      thread ??= start();
      const answer = await send({ id: (nextId += 1), kind: 'checkpoint', mode, busyTimeoutMs }, thread);
      if ('error' in answer) throw new Error(answer.error);
      if ('closed' in answer) throw new Error('the checkpoint thread closed its connection');
      return answer;
    },
    async close(): Promise<void> {
      const current = thread;
      if (current === undefined) return;
      const answer = await send({ id: (nextId += 1), kind: 'close' }, current).catch((error: Error) => ({
        id: -1,
        error: error.message,
      }));
      if ('error' in answer) problem(`closing the SQLite checkpoint connection failed: ${answer.error}`);
      thread = undefined;
      await current.worker.terminate();
    },
  };
}
