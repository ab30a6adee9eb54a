/**
 * Where token buckets live: in this process (the embedded default) or on Redis, shared by every API
 * process of a deployment (`src/main/runtime.ts` chooses from the queue engine). Both are the same
 * token bucket (decisions G14): `burst` tokens, refilled continuously at `ratePerSecond`, one taken
 * per request, so one setting means the same in every deployment. The data API's per-credential
 * limits, its failed-authentication limit and the sign-in failure limits (G30) all spend them.
 */
import type { Redis } from 'ioredis';
import {
  LUA_BUCKET_AT,
  LUA_EXACT,
  LUA_SERVER_NOW,
  LUA_TAKE_FROM,
  TokenBuckets,
  decisionOf,
  type BucketDecision,
  type BucketShape,
} from '../../platform/lib/token-bucket.ts';

/**
 * Buckets by key. A take is atomic (check and count are one step, wherever the buckets live), so
 * callers reserve before they check and give the reservation back with `refund`.
 */
export interface BucketStore {
  take(key: string): Promise<BucketDecision>;
  refund(key: string): Promise<void>;
}

/** Makes the buckets of one limit: `name` tells limits apart in a shared store. */
export type BucketStoreFactory = (name: string, ratePerSecond: number, burst: number) => BucketStore;

/** The embedded default: `TokenBuckets` in this process's memory. */
export const inProcessBuckets: BucketStoreFactory = (_name, ratePerSecond, burst) => {
  const buckets = new TokenBuckets(ratePerSecond, burst);
  return {
    take: async (key) => buckets.take(key),
    refund: async (key) => buckets.refund(key),
  };
};

/**
 * `bucketAt` and `takeFrom` (platform/lib/token-bucket.ts) as one script, built from their Lua
 * fragments, on the Redis server's clock so every process refills alike. ARGV: tokens per second,
 * burst, cost (1 takes a token if there is one; -1 gives one back). Answers whether it passed and
 * the tokens left, as text (Redis turns a Lua number into an integer). A bucket is dropped once it
 * would be full again, so idle keys cost nothing.
 */
const TAKE_SCRIPT = `
${LUA_EXACT}
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
${LUA_SERVER_NOW}
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
${LUA_BUCKET_AT}
${LUA_TAKE_FROM}
redis.call('HSET', KEYS[1], 'tokens', exact(tokens), 'at', exact(at))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return { allowed, exact(tokens) }
`;

type BucketCommand = (
  key: string,
  ratePerSecond: number,
  burst: number,
  cost: number,
) => Promise<[number, string]>;

function bucketCommand(redis: Redis): BucketCommand {
  const client = redis as Redis & { pricecrawlTokenBucket?: BucketCommand };
  if (!client.pricecrawlTokenBucket) {
    // ioredis sends the script by its SHA and loads it on the first NOSCRIPT.
    redis.defineCommand('pricecrawlTokenBucket', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }
  return (key, ratePerSecond, burst, cost) =>
    (client.pricecrawlTokenBucket as BucketCommand).call(redis, key, ratePerSecond, burst, cost);
}

/**
 * Buckets on Redis: the token bucket of {@link TAKE_SCRIPT}, one atomic script per take, so every
 * API process spends the same tokens and concurrent requests cannot overdraw a bucket. When Redis
 * does not answer, buckets of the same shape in this process stand in (as an insurance limiter),
 * so the API keeps limiting per process until Redis is back.
 */
export function redisBuckets(redis: Redis, keyPrefix: string): BucketStoreFactory {
  const run = bucketCommand(redis);
  return (name, ratePerSecond, burst) => {
    const shape: BucketShape = { ratePerSecond, burst };
    const insurance = inProcessBuckets(name, ratePerSecond, burst);
    const keyOf = (key: string) => `${keyPrefix}:${name}:${key}`;
    return {
      async take(key) {
        let answer: [number, string];
        try {
          answer = await run(keyOf(key), ratePerSecond, burst, 1);
        } catch {
          return insurance.take(key);
        }
        return decisionOf(shape, answer[0] === 1, Number(answer[1]));
      },
      async refund(key) {
        try {
          await run(keyOf(key), ratePerSecond, burst, -1);
        } catch {
          await insurance.refund(key);
        }
      },
    };
  };
}
