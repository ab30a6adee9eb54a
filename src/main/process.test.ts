import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './process.ts';

describe('limitHeapGrowth (docs/performance.md, "Fourth round: memory")', () => {
  it('sets V8 heap growing percent when node was started without one', () => {
    const set: string[] = [];
    limitHeapGrowth(['--enable-source-maps'], (flags) => set.push(flags));
    assert.deepEqual(set, [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it('leaves the value given to node alone, in either spelling', () => {
    for (const given of ['--heap-growing-percent=50', '--heap_growing_percent=50']) {
      const set: string[] = [];
      limitHeapGrowth([given], (flags) => set.push(flags));
      assert.deepEqual(set, [], given);
    }
  });
});
