import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import {
  LUA_BUCKET_AT,
  LUA_EXACT,
  LUA_HELD_UNTIL,
  LUA_TAKE_FROM,
  bucketAt,
  heldUntil,
  takeFrom,
  type BucketShape,
} from '../../src/platform/lib/token-bucket.ts';
import { TEST_REDIS_URL, requireRedis } from '../support/redis.ts';

/**
 * The token bucket is written twice: in TypeScript for the limits kept in a process and as Lua
 * fragments for the scripts of the limits kept on Redis (the API's and sign-in buckets, a crawl
 * pair's rate). Here the fragments run on a real Redis with the clock given as an argument instead of
 * the server's `TIME`, and answer exactly what the TypeScript answers for the same numbers.
 */
const SCRIPT = `
${LUA_EXACT}
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tokens = tonumber(ARGV[3])
local at = tonumber(ARGV[4])
local now = tonumber(ARGV[5])
local cost = tonumber(ARGV[6])
local untilMs = tonumber(ARGV[7])
${LUA_BUCKET_AT}
if untilMs > 0 then
  ${LUA_HELD_UNTIL}
  return { exact(tokens), exact(at) }
end
${LUA_TAKE_FROM}
return { exact(tokens), exact(at), allowed, exact(wait) }
`;

interface Case {
  shape: BucketShape;
  tokens: number;
  atMs: number;
  nowMs: number;
  cost: number;
  untilMs?: number;
}

const CASES: Case[] = [
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 4, atMs: 1_000, nowMs: 1_000, cost: 1 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 0.25, atMs: 1_000, nowMs: 1_100.5, cost: 1 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 3, atMs: 1_000, nowMs: 9_000, cost: 2.25 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 4, atMs: 0, nowMs: 10, cost: 16 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: -12, atMs: 0, nowMs: 1_000, cost: 16 },
  {
    shape: { ratePerSecond: 0.2, burst: 1 },
    tokens: 0.3,
    atMs: 1_764_000_000_000.25,
    nowMs: 1_764_000_001_234.75,
    cost: 1.5,
  },
  { shape: { ratePerSecond: 20 / 60, burst: 20 }, tokens: 0, atMs: 5_000, nowMs: 6_000, cost: -1 },
  { shape: { ratePerSecond: 1_000, burst: 100 }, tokens: 0.999, atMs: 7, nowMs: 7.000001, cost: 1 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 1, atMs: 6_000, nowMs: 5_000, cost: 1 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 3.5, atMs: 0, nowMs: 250, cost: 1, untilMs: 5_250 },
  { shape: { ratePerSecond: 4, burst: 4 }, tokens: 4, atMs: 0, nowMs: 250, cost: 3, untilMs: 5_250 },
  { shape: { ratePerSecond: 4, burst: 2 }, tokens: -1, atMs: 0, nowMs: 100, cost: 8, untilMs: 50 },
];

describe('the Lua fragments of the token bucket', () => {
  let redis: Redis;

  before(async () => {
    await requireRedis();
    redis = new Redis(TEST_REDIS_URL);
  });
  after(() => redis?.disconnect());

  it('answer exactly what the TypeScript arithmetic answers', async () => {
    for (const { shape, tokens, atMs, nowMs, cost, untilMs = 0 } of CASES) {
      const args = [shape.ratePerSecond, shape.burst, tokens, atMs, nowMs, cost, untilMs].map(String);
      const answer = (await redis.eval(SCRIPT, 0, ...args)) as [string, string, number?, string?];
      const label = JSON.stringify({ shape, tokens, atMs, nowMs, cost, untilMs });
      if (untilMs > 0) {
        const held = heldUntil(shape, { tokens, atMs }, nowMs, untilMs, cost);
        assert.deepEqual([Number(answer[0]), Number(answer[1])], [held.tokens, held.atMs], label);
        continue;
      }
      const bucket = bucketAt(shape, { tokens, atMs }, nowMs);
      const take = takeFrom(shape, bucket.tokens, cost);
      assert.deepEqual(
        [Number(answer[0]), Number(answer[1]), answer[2] === 1, Number(answer[3])],
        [take.tokens, bucket.atMs, take.allowed, take.waitMs],
        label,
      );
    }
  });
});
