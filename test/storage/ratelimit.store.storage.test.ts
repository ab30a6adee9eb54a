import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import {
  inProcessBuckets,
  redisBuckets,
  type BucketStoreFactory,
} from '../../src/accounts/ratelimit/ratelimit.store.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

/**
 * One token-bucket semantic in every deployment (issue 19 point 6, decisions G14): the same
 * scenarios against the embedded store and the Redis store answer the same decisions. Times are
 * read from the decisions, never waited for: a token bucket that refills continuously says a
 * refused take may retry in 1/rate seconds, where a window of `burst` would say burst/rate.
 */
const prefix = uniqueRedisPrefix();
let redis: Redis;
let stores: Array<[string, BucketStoreFactory]>;

before(async () => {
  await requireRedis();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  stores = [
    ['in this process', inProcessBuckets],
    ['on Redis', redisBuckets(redis, prefix)],
  ];
});
after(async () => {
  redis?.disconnect();
  await dropRedisPrefix(prefix);
});

let names = 0;
const freshName = () => `limit-${(names += 1)}`;

describe('token buckets wherever they live', () => {
  it('let a burst through, then refuse with a retry of one token’s refill time and a reset of the whole', async () => {
    for (const [where, buckets] of stores) {
      const store = buckets(freshName(), 0.5, 4);
      const decisions = [];
      for (let take = 0; take < 5; take += 1) decisions.push(await store.take('account-1'));
      assert.deepEqual(
        decisions.map((decision) => [decision.allowed, decision.remaining, decision.limit]),
        [
          [true, 3, 4],
          [true, 2, 4],
          [true, 1, 4],
          [true, 0, 4],
          [false, 0, 4],
        ],
        where,
      );
      assert.equal(decisions[4]?.retryAfterSeconds, 2, `${where}: one token refills in 1/rate s`);
      assert.equal(decisions[4]?.resetSeconds, 8, `${where}: the bucket is full again in burst/rate s`);
      assert.equal((await store.take('account-2')).allowed, true, `${where}: one bucket per key`);
    }
  });

  it('take a refunded token again, never holding more than the burst', async () => {
    for (const [where, buckets] of stores) {
      const store = buckets(freshName(), 0.001, 2);
      await store.refund('k');
      assert.equal((await store.take('k')).remaining, 1, `${where}: a refund of a full bucket adds nothing`);
      await store.refund('k');
      assert.equal((await store.take('k')).allowed, true, where);
      assert.equal((await store.take('k')).allowed, true, where);
      assert.equal((await store.take('k')).allowed, false, where);
    }
  });

  it('never let more concurrent takes through than the bucket holds', async () => {
    for (const [where, buckets] of stores) {
      const store = buckets(freshName(), 0.001, 5);
      const decisions = await Promise.all(Array.from({ length: 40 }, () => store.take('k')));
      assert.equal(decisions.filter((decision) => decision.allowed).length, 5, where);
    }
  });

  it('keep limiting in the process while Redis does not answer', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    away.on('error', () => {});
    try {
      const store = redisBuckets(away, prefix)(freshName(), 0.001, 2);
      const allowed = [];
      for (let take = 0; take < 3; take += 1) allowed.push((await store.take('k')).allowed);
      assert.deepEqual(allowed, [true, true, false]);
    } finally {
      away.disconnect();
    }
  });
});
