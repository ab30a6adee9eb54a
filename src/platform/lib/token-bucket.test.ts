import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TokenBuckets } from './token-bucket.ts';

describe('token buckets', () => {
  it('lets a burst through, then refuses until tokens refill', () => {
    let now = 0;
    const buckets = new TokenBuckets(2, 3, 10, () => now);
    assert.deepEqual(
      [1, 2, 3].map(() => buckets.take('a').allowed),
      [true, true, true],
    );
    const refused = buckets.take('a');
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfterSeconds, 1);
    now += 500;
    assert.equal(buckets.take('a').allowed, true);
    assert.equal(buckets.take('a').allowed, false);
  });

  it('keeps one bucket per key', () => {
    const buckets = new TokenBuckets(1, 1, 10, () => 0);
    assert.equal(buckets.take('a').allowed, true);
    assert.equal(buckets.take('b').allowed, true);
    assert.equal(buckets.take('a').allowed, false);
  });

  it('reports remaining tokens and time to full', () => {
    const buckets = new TokenBuckets(10, 20, 10, () => 0);
    const decision = buckets.take('a');
    assert.deepEqual(decision, {
      allowed: true,
      limit: 20,
      remaining: 19,
      retryAfterSeconds: 0,
      resetSeconds: 1,
    });
  });

  it('takes a refunded token again, never holding more than the burst', () => {
    const buckets = new TokenBuckets(1, 1, 10, () => 0);
    assert.equal(buckets.take('a').allowed, true);
    buckets.refund('a');
    buckets.refund('a');
    assert.equal(buckets.take('a').allowed, true);
    assert.equal(buckets.take('a').allowed, false);
  });
});
