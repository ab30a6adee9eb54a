/**
 * The compute pool (issue 11, "use both cores"): worker threads that run the crawl's pure CPU work,
 * product-page parsing and trust scoring, beside the main thread, which keeps the fetching, the
 * queue and the database. Threads start on the first call, so a start pays nothing for them. A call
 * goes to the thread with the fewest calls waiting.
 *
 * Failures never lose a call: a thread that dies, or cannot be started, has its calls run in place
 * (the functions are pure, so running one again changes nothing) and is replaced on the next call;
 * only a call whose page's bytes were handed over to the thread (compute.messages.ts) cannot run
 * again, as those bytes ended with it, and fails as `SourceUnavailableError`.
 * A thread that does not answer within `callTimeoutMs` is ended and its calls fail as
 * `SourceUnavailableError` (running them in place could hang the main thread instead). After
 * `MAX_THREAD_FAILURES` failures with no answer between them the pool ends its threads and runs
 * everything in place, and says so once.
 */
import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { offloadInPlace } from '../engine/crawl.offload.ts';
import type { Offload } from '../vocabulary/crawl.types.ts';
import type { ComputePlace } from '../../platform/metrics/metrics.ts';
import { postCall, receiveError, type ComputeAnswer, type ComputeCall } from './compute.messages.ts';
import { computeNameOf, type ComputeName } from './compute.registry.ts';
import { siblingEntry, startModuleThread } from '../../platform/lib/threads.ts';
import type { ResponseBody } from '../fetcher/fetcher.page.ts';

/** Thread failures in a row (no answer between them) after which the pool runs everything in place. */
export const MAX_THREAD_FAILURES = 3;
/** How long a thread may take to answer a call before it counts as stuck; parses take milliseconds. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** Settings of a compute pool. */
export interface ComputePoolOptions {
  /** Worker threads at most; 0 runs every call in place (`COMPUTE_THREADS`). */
  threads: number;
  logger: Logger;
  /** A thread that has not answered a call for this long is ended (default `DEFAULT_CALL_TIMEOUT_MS`). */
  callTimeoutMs?: number;
  /** The threads' entry module instead of `compute.worker` beside this one (tests start failing threads). */
  entry?: URL;
  /** Told of every call of a registered function and where it ran (metrics). */
  onCall?: (name: ComputeName, place: ComputePlace) => void;
}

/** A process's compute pool. */
export interface ComputePool {
  /** Runs a registered function on a thread, any other in place. */
  offload: Offload;
  /** Threads running now (they start on demand). */
  readonly running: number;
  /** Ends the threads; calls still waiting run in place. */
  close(): Promise<void>;
}

interface Waiting {
  call: ComputeCall;
  name: ComputeName;
  /** The page body whose bytes crossed with the call: with the thread until it answers. */
  lent?: ResponseBody;
  run: (input: unknown) => unknown;
  sentAtMs: number;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/** Starts a compute thread on `entry`, by default `compute.worker` beside this module. */
function startWorker(entry = siblingEntry('compute.worker', import.meta.url)): Worker {
  return startModuleThread(entry);
}

/** Creates a pool of up to `threads` compute threads. */
export function createComputePool(options: ComputePoolOptions): ComputePool {
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const threads: Thread[] = [];
  let nextCallId = 0;
  let failuresInARow = 0;
  /** Set once threads kept failing: every call runs in place from then on (an answer resets nothing). */
  let gaveUp = false;
  let closed = false;
  let watchdog: NodeJS.Timeout | undefined;
  const usable = (): boolean => !closed && !gaveUp && options.threads > 0;

  function runInPlace(entry: Waiting): void {
    offloadInPlace(entry.run, entry.call.input).then(entry.resolve, entry.reject);
    options.onCall?.(entry.name, 'main');
  }

  /**
   * Takes `thread` out of use and ends it; its waiting calls are handed to `settle`, except those
   * whose page's bytes it held: they ended with it, so those calls cannot run again here and fail as
   * the source being unavailable, as the calls of a thread that does not answer in time do.
   */
  async function remove(thread: Thread, settle: (entry: Waiting) => void): Promise<void> {
    const index = threads.indexOf(thread);
    if (index < 0) return;
    threads.splice(index, 1);
    const waiting = [...thread.waiting.values()];
    thread.waiting.clear();
    for (const entry of waiting) {
      if (entry.lent === undefined) settle(entry);
      else entry.reject(new SourceUnavailableError('a compute thread ended with the page it was parsing'));
    }
    if (threads.length === 0) {
      clearInterval(watchdog);
      watchdog = undefined;
    }
    await thread.worker.terminate();
  }

  function countFailure(reason: string): void {
    failuresInARow += 1;
    options.logger.error({ reason, failuresInARow }, 'compute thread failed');
    if (failuresInARow < MAX_THREAD_FAILURES || gaveUp) return;
    gaveUp = true;
    options.logger.error('compute threads keep failing: parsing and trust now run on the main thread');
    for (const thread of [...threads]) retire(thread);
  }

  /**
   * Takes a thread that still works out of use: its calls run in place, except those whose page's
   * bytes it holds, which only it can answer; it ends once it answered them (or the watchdog ends
   * it when it does not, as any thread).
   */
  function retire(thread: Thread): void {
    for (const [id, entry] of thread.waiting) {
      if (entry.lent !== undefined) continue;
      thread.waiting.delete(id);
      runInPlace(entry);
    }
    if (thread.waiting.size === 0) void remove(thread, runInPlace);
  }

  function fail(thread: Thread, reason: string): void {
    if (!threads.includes(thread)) return;
    void remove(thread, runInPlace);
    if (!closed) countFailure(reason);
  }

  function endStuckThreads(): void {
    const now = Date.now();
    for (const thread of [...threads]) {
      const oldest = thread.waiting.values().next().value;
      if (oldest === undefined || now - oldest.sentAtMs < callTimeoutMs) continue;
      const error = new SourceUnavailableError(`a compute thread did not answer within ${callTimeoutMs} ms`);
      void remove(thread, (entry) => entry.reject(error));
      countFailure(`no answer within ${callTimeoutMs} ms (${oldest.name})`);
    }
  }

  function answer(thread: Thread, reply: ComputeAnswer): void {
    const entry = thread.waiting.get(reply.id);
    if (entry === undefined) return;
    thread.waiting.delete(reply.id);
    if (thread.waiting.size === 0) thread.worker.unref();
    // A retired thread ends once it answered for the last page it held (retire).
    if (gaveUp && thread.waiting.size === 0) void remove(thread, runInPlace);
    failuresInARow = 0;
    if (entry.lent !== undefined && reply.chunks !== undefined) entry.lent.takeBack(reply.chunks);
    if ('unsent' in reply) {
      if (entry.lent !== undefined && reply.chunks === undefined) {
        entry.reject(new SourceUnavailableError('a compute thread kept the page it could not answer for'));
        return;
      }
      options.logger.debug(
        { name: entry.name, reason: reply.unsent },
        'compute result could not cross; ran in place',
      );
      runInPlace(entry);
      return;
    }
    if ('error' in reply) entry.reject(receiveError(reply.error));
    else entry.resolve(reply.output);
    options.onCall?.(entry.name, 'thread');
  }

  function startThread(): Thread {
    const worker = startWorker(options.entry);
    const thread: Thread = { worker, waiting: new Map() };
    worker.unref();
    worker.on('message', (reply: ComputeAnswer) => answer(thread, reply));
    worker.on('messageerror', (error) => fail(thread, `an answer could not be read: ${error.message}`));
    worker.on('error', (error) => fail(thread, error.message));
    worker.on('exit', (code) => fail(thread, `exit code ${code}`));
    threads.push(thread);
    if (watchdog === undefined) {
      watchdog = setInterval(endStuckThreads, Math.min(1000, Math.max(10, callTimeoutMs / 4)));
      watchdog.unref();
    }
    return thread;
  }

  function pickThread(): Thread {
    let best: Thread | undefined;
    for (const thread of threads) {
      if (best === undefined || thread.waiting.size < best.waiting.size) best = thread;
    }
    if (best !== undefined && (best.waiting.size === 0 || threads.length >= options.threads)) return best;
    return startThread();
  }

  function send(entry: Waiting): void {
    let thread: Thread;
    try {
      thread = pickThread();
    } catch (error) {
      // The system refused a thread (limits on threads or memory): the call still runs, in place.
      countFailure(`a thread could not start: ${(error as Error).message}`);
      runInPlace(entry);
      return;
    }
    thread.waiting.set(entry.call.id, entry);
    try {
      entry.lent = postCall(thread.worker, entry.call);
    } catch (error) {
      // An input that is not plain data cannot cross: the function still gets it, in place.
      thread.waiting.delete(entry.call.id);
      options.logger.debug({ name: entry.name, err: error }, 'compute input could not cross; ran in place');
      runInPlace(entry);
      return;
    }
    // A thread with calls waiting keeps the process alive until they are answered.
    if (thread.waiting.size === 1) thread.worker.ref();
  }

  function offload<Input, Output>(run: (input: Input) => Output, input: Input): Promise<Output> {
    const name = computeNameOf(run);
    if (name === undefined) return offloadInPlace(run, input);
    return new Promise<Output>((resolve, reject) => {
      const entry: Waiting = {
        call: { id: nextCallId++, name, input },
        name,
        run: run as (input: unknown) => unknown,
        sentAtMs: Date.now(),
        resolve: resolve as (output: unknown) => void,
        reject,
      };
      if (usable()) send(entry);
      else runInPlace(entry);
    });
  }

  return {
    offload,
    get running() {
      return threads.length;
    },
    async close() {
      closed = true;
      await Promise.all([...threads].map((thread) => remove(thread, runInPlace)));
    },
  };
}
