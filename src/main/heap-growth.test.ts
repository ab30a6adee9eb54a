import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  HEAP_GROWING_PERCENT,
  HEAP_GROWING_PERCENT_MAX,
  heapGrowingPercentFor,
  limitHeapGrowth,
  processHeap,
  type HeapWatch,
} from './heap-growth.ts';

const MiB = 2 ** 20;

/** A heap whose size the test sets and whose full GCs the test runs. */
function fakeHeap(
  usedMiB: number,
): HeapWatch & { used: number; rss: number; fullGc(): void; watching: number } {
  const listeners = new Set<() => void>();
  return {
    used: usedMiB * MiB,
    rss: 200 * MiB,
    watching: 0,
    usedBytes() {
      return this.used;
    },
    rssBytes() {
      return this.rss;
    },
    onFullGc(listener) {
      listeners.add(listener);
      this.watching = listeners.size;
      return () => listeners.delete(listener);
    },
    fullGc: () => listeners.forEach((listener) => listener()),
  };
}

describe('the heap growth of a service process (docs/performance.md, "Steady rates, the heap\'s growth…")', () => {
  it('lets a small heap grow by up to 100 % and a large one by 30 %, at least 32 MiB between', () => {
    assert.equal(heapGrowingPercentFor(0), HEAP_GROWING_PERCENT_MAX);
    assert.equal(heapGrowingPercentFor(20 * MiB), 100);
    assert.equal(heapGrowingPercentFor(32 * MiB), 100);
    assert.equal(heapGrowingPercentFor(40 * MiB), 80);
    assert.equal(heapGrowingPercentFor(64 * MiB), 50);
    assert.equal(heapGrowingPercentFor(106 * MiB), 40);
    assert.equal(heapGrowingPercentFor(107 * MiB), 30);
    assert.equal(heapGrowingPercentFor(150 * MiB), HEAP_GROWING_PERCENT);
  });

  it('keeps to 30 % in a process resident in 384 MiB or more, whatever its heap', () => {
    assert.equal(heapGrowingPercentFor(20 * MiB, 383 * MiB), 100);
    assert.equal(heapGrowingPercentFor(20 * MiB, 384 * MiB), HEAP_GROWING_PERCENT);
    assert.equal(heapGrowingPercentFor(150 * MiB, 500 * MiB), HEAP_GROWING_PERCENT);
  });

  it('sets the percent at start and again after a full GC that changes it', () => {
    const set: string[] = [];
    const heap = fakeHeap(30);
    const stop = limitHeapGrowth(['--enable-source-maps'], (flags) => set.push(flags), heap);
    assert.deepEqual(set, ['--heap-growing-percent=100']);
    heap.used = 31 * MiB;
    heap.fullGc();
    assert.equal(set.length, 1, 'the same percent is not set again');
    heap.used = 150 * MiB;
    heap.fullGc();
    heap.used = 40 * MiB;
    heap.fullGc();
    heap.rss = 400 * MiB;
    heap.fullGc();
    assert.deepEqual(set, [
      '--heap-growing-percent=100',
      '--heap-growing-percent=30',
      '--heap-growing-percent=80',
      '--heap-growing-percent=30',
    ]);
    stop();
    heap.used = 20 * MiB;
    heap.fullGc();
    assert.equal(set.length, 4, 'nothing is set once stopped');
  });

  it('leaves the value given to node alone, in either spelling, and watches no GC', () => {
    for (const given of ['--heap-growing-percent=50', '--heap_growing_percent=50']) {
      const set: string[] = [];
      const heap = fakeHeap(30);
      limitHeapGrowth([given], (flags) => set.push(flags), heap);
      assert.deepEqual(set, [], given);
      assert.equal(heap.watching, 0);
    }
  });

  it("hears the process's own full GCs", { timeout: 10_000 }, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let stop = (): void => undefined;
    const heard = new Promise<void>((resolve) => (stop = processHeap.onFullGc(resolve)));
    gc();
    await heard;
    stop();
  });
});
