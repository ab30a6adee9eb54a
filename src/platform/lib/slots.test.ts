import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WorkSlots } from './slots.ts';

describe('WorkSlots', () => {
  it('never runs more than its limit at once and runs every piece', async () => {
    const slots = new WorkSlots(3);
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        slots.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 1 + (index % 3)));
          running -= 1;
          return index;
        }),
      ),
    );
    assert.equal(peak, 3);
    assert.deepEqual(
      done,
      Array.from({ length: 20 }, (_, index) => index),
    );
    assert.equal(slots.active, 0);
  });

  it('frees a slot when the work throws', async () => {
    const slots = new WorkSlots(1);
    await assert.rejects(slots.run(() => Promise.reject(new Error('boom'))));
    assert.equal(await slots.run(() => Promise.resolve('next')), 'next');
  });

  it('counts held work until released, piece by piece or all at once', () => {
    const slots = new WorkSlots(2);
    const release = slots.hold(5);
    const other = slots.hold(2);
    assert.equal(slots.held, 7);
    release(1);
    assert.equal(slots.held, 6);
    release();
    release(3);
    assert.equal(slots.held, 2);
    other(10);
    assert.equal(slots.held, 0);
  });
});
