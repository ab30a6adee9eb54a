/**
 * Where the API's token buckets live: in this process (the embedded default) or on Redis, shared by
 * every API process of a deployment (`src/main/runtime.ts` chooses from the queue engine).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TokenBuckets, type BucketDecision } from '../../platform/lib/token-bucket.ts';

/** Buckets by key: one take per request, a refund gives a take back. */
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

function decisionOf(answer: RateLimiterRes, allowed: boolean, burst: number): BucketDecision {
  const waitSeconds = Math.ceil(answer.msBeforeNext / 1000);
  return {
    allowed,
    limit: burst,
    remaining: answer.remainingPoints,
    retryAfterSeconds: allowed ? 0 : waitSeconds,
    resetSeconds: waitSeconds,
  };
}

/**
 * Buckets on Redis with `rate-limiter-flexible`: `burst` requests per window of `burst / rate`
 * seconds (at least 1), the same average rate and burst as the token bucket, refilled at the
 * window's end rather than continuously. When Redis does not answer, an in-memory limiter of the
 * same shape stands in (the library's insurance limiter), so the API keeps limiting per process.
 */
export function redisBuckets(redis: Redis, keyPrefix: string): BucketStoreFactory {
  return (name, ratePerSecond, burst) => {
    const shape = { points: burst, duration: Math.max(1, Math.ceil(burst / ratePerSecond)) };
    const limiter = new RateLimiterRedis({
      ...shape,
      storeClient: redis,
      keyPrefix: `${keyPrefix}:${name}`,
      insuranceLimiter: new RateLimiterMemory(shape),
    });
    return {
      async take(key) {
        try {
          return decisionOf(await limiter.consume(key), true, burst);
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return decisionOf(rejection, false, burst);
          throw rejection;
        }
      },
      async refund(key) {
        await limiter.reward(key, 1);
      },
    };
  };
}
