import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { pairScripts, type PairScripts } from '../../src/crawl/fetcher/politeness.redis.scripts.ts';
import { until } from '../support/until.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

/**
 * The scripts of a pair's politeness on Redis, called as the cluster's gate calls them. A rate of
 * one token per 100 s keeps the answers free of the time the test takes: no token comes back while
 * it runs, so every answer is a count, and a wait is the refill time of what is missing.
 */
const RATE = 0.01;
const BURST = 4;
const TTL_MS = 60_000;
const prefix = uniqueRedisPrefix();
let redis: Redis;
let scripts: PairScripts;
let pairs = 0;

before(async () => {
  await requireRedis();
  redis = new Redis(TEST_REDIS_URL);
  scripts = pairScripts(redis);
});
after(async () => {
  redis?.disconnect();
  await dropRedisPrefix(prefix);
});

const freshPair = () => `${prefix}:pair:${(pairs += 1)}`;
const take = async (pair: string) => {
  const [taken, waitMs, factor, pausedForMs] = await scripts.take(pair, RATE, BURST, TTL_MS, 1);
  return {
    taken: taken === 1,
    waitMs: Number(waitMs),
    factor: Number(factor),
    pausedForMs: Number(pausedForMs),
  };
};
const learn = (pair: string, multiplier: number, pauseMs: number) =>
  scripts.learn(pair, RATE, BURST, TTL_MS, multiplier, 16, pauseMs);

describe('a pair on Redis', () => {
  it('lets out its burst, then answers how long until the next token instead of being asked again', async () => {
    const pair = freshPair();
    const answers = [];
    for (let index = 0; index < BURST + 1; index += 1) answers.push(await take(pair));
    assert.deepEqual(
      answers.map((answer) => answer.taken),
      [true, true, true, true, false],
    );
    const refused = answers[BURST];
    assert.ok(refused && refused.waitMs > 99_000 && refused.waitMs <= 100_000, `wait ${refused?.waitMs} ms`);
  });

  it('makes a slowed-down request cost its slowdown factor in tokens', async () => {
    const pair = freshPair();
    await learn(pair, 2, 0);
    assert.deepEqual(
      [await take(pair), await take(pair), await take(pair)].map(({ taken, factor }) => [taken, factor]),
      [
        [true, 2],
        [true, 2],
        [false, 2],
      ],
    );
  });

  it('restarts after a pause with one request’s tokens, so no burst follows the pause', async () => {
    const pair = freshPair();
    const [, pausedForMs] = await learn(pair, 1, 200);
    assert.ok(Number(pausedForMs) > 0);
    assert.ok((await take(pair)).pausedForMs > 0, 'nothing is taken while the pair is paused');
    await until('the pause is over', async () => (await take(pair)).pausedForMs === 0, 5_000);
    // The call that saw the pause over took the one token; the full bucket's burst is gone.
    const next = await take(pair);
    assert.equal(next.taken, false);
    assert.ok(next.waitMs > 99_000, `wait ${next.waitMs} ms`);
  });

  it('only ever extends a pause, and raises the factor within its bounds', async () => {
    const pair = freshPair();
    const [, long] = await learn(pair, 1.5, 60_000);
    const [factor, kept] = await learn(pair, 1.5, 100);
    assert.ok(Number(kept) > 59_000 && Number(kept) <= Number(long), `pause left ${kept} ms`);
    assert.equal(Number(factor), 2.25);
    const [floored] = await learn(pair, 0.01, 0);
    assert.equal(Number(floored), 1);
    const [capped] = await learn(pair, 1_000, 0);
    assert.equal(Number(capped), 16);
  });
});
