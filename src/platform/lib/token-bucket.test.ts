import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TokenBuckets, bucketAt, heldUntil, takeFrom } from './token-bucket.ts';

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

describe('the token bucket arithmetic shared by every limit', () => {
  const shape = { ratePerSecond: 4, burst: 4 };

  it('refills continuously up to the burst, and leaves a bucket held until later as it is', () => {
    assert.deepEqual(bucketAt(shape, { tokens: 0, atMs: 1_000 }, 1_500), { tokens: 2, atMs: 1_500 });
    assert.deepEqual(bucketAt(shape, { tokens: 3, atMs: 1_000 }, 9_000), { tokens: 4, atMs: 9_000 });
    const held = { tokens: 1, atMs: 5_000 };
    assert.equal(bucketAt(shape, held, 4_000), held);
  });

  it('takes a cost when the bucket holds it, else says how long until it does', () => {
    assert.deepEqual(takeFrom(shape, 2.5, 1), { allowed: true, tokens: 1.5, waitMs: 0 });
    assert.deepEqual(takeFrom(shape, 0.5, 1), { allowed: false, tokens: 0.5, waitMs: 125 });
    // A request slowed down by 2 costs two tokens: half the pace.
    assert.deepEqual(takeFrom(shape, 1, 2), { allowed: false, tokens: 1, waitMs: 250 });
  });

  it('lets a cost above the burst pass on a full bucket and leaves it in debt, so the pace is rate ÷ cost', () => {
    const slowed = takeFrom(shape, 4, 8);
    assert.deepEqual(slowed, { allowed: true, tokens: -4, waitMs: 0 });
    // Full again after 8 tokens' refill: one request every 8 / 4 = 2 seconds.
    assert.equal(takeFrom(shape, slowed.tokens, 8).waitMs, 2_000);
  });

  it('gives a negative cost back, never above the burst', () => {
    assert.equal(takeFrom(shape, 3.5, -1).tokens, 4);
    assert.equal(takeFrom(shape, 1, -1).tokens, 2);
  });

  it('restarts a paused bucket with one take’s tokens at the pause’s end, so no burst follows it', () => {
    const paused = heldUntil(shape, { tokens: 4, atMs: 0 }, 1_000, 6_000, 1);
    assert.deepEqual(paused, { tokens: 1, atMs: 6_000 });
    assert.equal(takeFrom(shape, bucketAt(shape, paused, 6_000).tokens, 1).allowed, true);
    assert.equal(takeFrom(shape, 0, 1).waitMs, 250, 'the next one a token later');
    // Slowed down by 2 at the pause: the bucket holds one request's two tokens, no more.
    assert.deepEqual(heldUntil(shape, { tokens: 4, atMs: 0 }, 1_000, 6_000, 2), { tokens: 2, atMs: 6_000 });
    // A bucket in debt stays in debt: the pause never gives tokens.
    assert.deepEqual(heldUntil(shape, { tokens: -3, atMs: 1_000 }, 1_000, 6_000, 1), {
      tokens: -3,
      atMs: 6_000,
    });
  });
});
