/**
 * The compute pool (issue 11, "use both cores"): worker threads that run the crawl's pure CPU work,
 * page parsing and trust scoring, beside the main thread, which keeps the fetching, the queue and
 * the database. Threads start on the first call, so a start pays nothing for them. A call goes to
 * the thread with the fewest calls waiting. A thread that dies has its waiting calls run in place
 * (the functions are pure, so running one again is harmless) and is replaced on the next call;
 * after `MAX_THREAD_FAILURES` deaths the pool runs everything in place and says so once.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { offloadInPlace } from '../crawl/crawl.offload.ts';
import type { Offload } from '../crawl/crawl.types.ts';
import { receiveError, type ComputeAnswer, type ComputeCall } from './compute.messages.ts';
import { computeNameOf, type ComputeName } from './compute.registry.ts';
import type { ComputePlace } from '../metrics/metrics.ts';

/** Thread deaths after which the pool stops starting threads and runs every call in place. */
export const MAX_THREAD_FAILURES = 3;

/** Settings of a compute pool. */
export interface ComputePoolOptions {
  /** Worker threads at most; 0 runs every call in place (`COMPUTE_THREADS`). */
  threads: number;
  logger: Logger;
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
  run: (input: unknown) => unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/**
 * Starts a compute thread on the entry beside this module: the built JavaScript, or under tsx (tests,
 * `npm run dev`) the TypeScript file. tsx's `--import` hook registers itself on the main thread
 * only (Node 20), so a thread of a TypeScript entry registers tsx's API before loading it.
 */
function startWorker(
  entry = new URL(`./compute.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
): Worker {
  if (extname(fileURLToPath(entry)) !== '.ts') return new Worker(entry);
  const loader = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true });
}

/** Creates a pool of up to `threads` compute threads. */
export function createComputePool(options: ComputePoolOptions): ComputePool {
  const threads: Thread[] = [];
  let nextCallId = 0;
  let failures = 0;
  let closed = false;

  function runInPlace<Output>(
    name: ComputeName,
    run: (input: unknown) => Output,
    input: unknown,
  ): Promise<Output> {
    options.onCall?.(name, 'main');
    return offloadInPlace(run, input);
  }

  function settleInPlace(entry: Waiting): void {
    runInPlace(entry.name, entry.run, entry.call.input).then(entry.resolve, entry.reject);
  }

  function retire(thread: Thread, reason: string): void {
    const index = threads.indexOf(thread);
    if (index < 0) return;
    threads.splice(index, 1);
    for (const entry of thread.waiting.values()) settleInPlace(entry);
    thread.waiting.clear();
    if (closed) return;
    failures += 1;
    options.logger.error({ reason, failures }, 'compute thread ended; its calls ran in place');
    if (failures === MAX_THREAD_FAILURES) {
      options.logger.error('compute threads keep failing: parsing and trust now run on the main thread');
    }
  }

  function startThread(): Thread {
    const worker = startWorker(options.entry);
    const thread: Thread = { worker, waiting: new Map() };
    worker.unref();
    worker.on('message', (answer: ComputeAnswer) => {
      const waiting = thread.waiting.get(answer.id);
      if (waiting === undefined) return;
      thread.waiting.delete(answer.id);
      if (thread.waiting.size === 0) worker.unref();
      options.onCall?.(waiting.name, 'thread');
      if ('error' in answer) waiting.reject(receiveError(answer.error));
      else waiting.resolve(answer.output);
    });
    worker.on('error', (error) => retire(thread, error.message));
    worker.on('exit', (code) => retire(thread, `exit code ${code}`));
    threads.push(thread);
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

  function offload<Input, Output>(run: (input: Input) => Output, input: Input): Promise<Output> {
    const name = computeNameOf(run);
    if (name === undefined) return offloadInPlace(run, input);
    const runAny = run as (input: unknown) => unknown;
    if (closed || options.threads <= 0 || failures >= MAX_THREAD_FAILURES) {
      return runInPlace(name, runAny, input) as Promise<Output>;
    }
    return new Promise<Output>((resolve, reject) => {
      const thread = pickThread();
      const call: ComputeCall = { id: nextCallId++, name, input };
      const waiting: Waiting = {
        call,
        name,
        run: runAny,
        resolve: resolve as (output: unknown) => void,
        reject,
      };
      thread.waiting.set(call.id, waiting);
      try {
        thread.worker.postMessage(call);
      } catch (error) {
        // An input that cannot be cloned: the function still gets it, in place.
        thread.waiting.delete(call.id);
        options.logger.debug({ name, err: error }, 'compute call ran in place: its input cannot cross');
        settleInPlace(waiting);
        return;
      }
      // A thread with calls waiting keeps the process alive until they are answered.
      if (thread.waiting.size === 1) thread.worker.ref();
    });
  }

  return {
    offload,
    get running() {
      return threads.length;
    },
    async close() {
      closed = true;
      const ending = threads.splice(0);
      for (const thread of ending) {
        for (const entry of thread.waiting.values()) settleInPlace(entry);
        thread.waiting.clear();
      }
      await Promise.all(ending.map((thread) => thread.worker.terminate()));
    },
  };
}
