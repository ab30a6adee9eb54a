/**
 * How far V8 lets a service process's old generation grow past what a full GC left alive before it
 * runs the next one. V8's own factor reaches 300 % when its GCs are fast (a large heap limit, a fast
 * machine): after a submission whose parse held 150 MiB alive, the next full GC came only after
 * 450 MiB, so the garbage of the submission and of the deliveries that followed stayed resident for
 * minutes (docs/performance.md, "Fourth round: memory"). A flat 30 % bounds that, but on a crawling
 * process whose heap holds 30 MiB it ran a full GC every 9 MiB allocated: about a tenth of the CPU
 * of a real-size page (docs/performance.md, "Steady rates, the heap's growth…"). So the growth is
 * 30 % of what is alive, but at least {@link HEAP_GROWTH_FLOOR_MIB} while the process is resident
 * in less than {@link HEAP_GROWTH_FLOOR_RSS_MIB}: a small heap grows by up to 100 %, a large one by
 * 30 %, and a process already large (a stream of real-size pages holds 400 MiB) keeps to 30 %.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/** The least growth, in percent of what a full GC left alive. */
export const HEAP_GROWING_PERCENT = 30;
/** The most growth, in percent: reached by heaps of up to {@link HEAP_GROWTH_FLOOR_MIB} alive. */
export const HEAP_GROWING_PERCENT_MAX = 100;
/** The growth a heap is allowed, in MiB, within the two percentages above, in a small process. */
export const HEAP_GROWTH_FLOOR_MIB = 32;
/** The resident size, in MiB, from which the heap grows by 30 % only. */
export const HEAP_GROWTH_FLOOR_RSS_MIB = 384;

/**
 * The percent for a heap with `liveBytes` alive after a full GC in a process resident in `rssBytes`:
 * 30 % of it or 32 MiB, whichever is more, at most 100 %, and 30 % from 384 MiB resident; rounded
 * up to a tenth so that the flag changes seldom.
 */
export function heapGrowingPercentFor(liveBytes: number, rssBytes = 0): number {
  if (rssBytes >= HEAP_GROWTH_FLOOR_RSS_MIB * 2 ** 20) return HEAP_GROWING_PERCENT;
  const floorPercent = ((HEAP_GROWTH_FLOOR_MIB * 2 ** 20) / Math.max(liveBytes, 1)) * 100;
  const percent = Math.ceil(floorPercent / 10) * 10;
  return Math.min(HEAP_GROWING_PERCENT_MAX, Math.max(HEAP_GROWING_PERCENT, percent));
}

/** How the process's heap is read and its full GCs watched (injected by tests). */
export interface HeapWatch {
  /** Bytes in use in the heap now. */
  usedBytes(): number;
  /** Bytes the process is resident in now. */
  rssBytes(): number;
  /** Calls `listener` after each full GC; answers a function that stops it. */
  onFullGc(listener: () => void): () => void;
}

/** The heap of this process's main thread, its full GCs heard through `perf_hooks`. */
export const processHeap: HeapWatch = {
  usedBytes: () => getHeapStatistics().used_heap_size,
  rssBytes: () => process.memoryUsage.rss(),
  onFullGc(listener) {
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as readonly { detail?: { kind?: number } }[];
      if (entries.some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) listener();
    });
    observer.observe({ entryTypes: ['gc'] });
    return () => observer.disconnect();
  },
};

/**
 * Sets V8's `--heap-growing-percent` for a service process, unless node was started with its own,
 * and sets it again after each full GC from what that GC left alive. V8 reads the flag each time it
 * sets the next GC's limit, so setting it while the process runs is sound; a full GC is reported
 * after V8 set the limit that follows it, so a new percent applies from the limit after that one.
 * The flag is the process's: compute threads' heaps follow the main thread's percent. Answers a
 * function that stops watching.
 */
export function limitHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
  heap: HeapWatch = processHeap,
): () => void {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return () => undefined;
  let current = 0;
  const update = (): void => {
    const percent = heapGrowingPercentFor(heap.usedBytes(), heap.rssBytes());
    if (percent === current) return;
    current = percent;
    setFlags(`--heap-growing-percent=${percent}`);
  };
  update();
  return heap.onFullGc(update);
}
