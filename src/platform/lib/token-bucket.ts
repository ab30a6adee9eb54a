/**
 * The one token bucket of every rate limit (decisions G14): the data API's and sign-in limits
 * (`TokenBuckets`, and on Redis accounts/ratelimit/ratelimit.store.ts) and each crawl pair's request
 * rate (crawl/fetcher/politeness.ts in process, politeness.redis.ts on Redis). A bucket holds up to
 * `burst` tokens and regains `ratePerSecond` a second, continuously; a take of `cost` tokens passes
 * when the bucket holds them. The arithmetic is written twice, once here in TypeScript and once as
 * the Lua fragments below that every Redis script is built from, and
 * test/storage/token-bucket.lua.test.ts checks that both answer alike.
 */

/** The tokens of one bucket, as of `atMs` (a time after now while a pause holds the bucket). */
export interface Bucket {
  tokens: number;
  atMs: number;
}

/** Answer of `take`: whether the request may pass and what the rate-limit headers should say. */
export interface BucketDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a token is available again (0 when one is). */
  retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

/** The shape of a token bucket: it holds up to `burst` tokens and regains `ratePerSecond` a second. */
export interface BucketShape {
  ratePerSecond: number;
  burst: number;
}

/** The tokens a bucket holds `elapsedMs` after it held `tokens`: refilled continuously, never past the burst. */
export function refilled(shape: BucketShape, tokens: number, elapsedMs: number): number {
  return Math.min(shape.burst, tokens + (Math.max(0, elapsedMs) / 1000) * shape.ratePerSecond);
}

/** The bucket at `nowMs`; one held until later (a pause's end) stays as it is until then. */
export function bucketAt(shape: BucketShape, bucket: Bucket, nowMs: number): Bucket {
  if (nowMs <= bucket.atMs) return bucket;
  return { tokens: refilled(shape, bucket.tokens, nowMs - bucket.atMs), atMs: nowMs };
}

/** The answer of a take: whether it passed, the tokens left, and how long until it would pass. */
export interface Take {
  allowed: boolean;
  tokens: number;
  /** Milliseconds until the bucket holds what the take needs (0 when it passed). */
  waitMs: number;
}

/**
 * A take of `cost` tokens from a bucket holding `tokens`. A cost above the burst (a request slowed
 * down past it) needs a full bucket and leaves it in debt, so its pace is still `ratePerSecond ÷
 * cost`; a negative cost gives tokens back, never above the burst.
 */
export function takeFrom(shape: BucketShape, tokens: number, cost: number): Take {
  const needed = Math.min(cost, shape.burst);
  if (tokens >= needed) return { allowed: true, tokens: Math.min(shape.burst, tokens - cost), waitMs: 0 };
  return { allowed: false, tokens, waitMs: ((needed - tokens) / shape.ratePerSecond) * 1000 };
}

/**
 * A bucket paused until `untilMs`: it then holds at most one take's tokens at `cost`, so one
 * request starts when the pause ends and the next at the (slowed) steady pace, with no burst.
 */
export function heldUntil(
  shape: BucketShape,
  bucket: Bucket,
  nowMs: number,
  untilMs: number,
  cost: number,
): Bucket {
  const current = bucketAt(shape, bucket, nowMs);
  return {
    tokens: Math.min(current.tokens, Math.min(cost, shape.burst)),
    atMs: Math.max(current.atMs, untilMs),
  };
}

/** Lua: `now`, the Redis server's clock in milliseconds (microsecond precision), so every process counts alike. */
export const LUA_SERVER_NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000`;

/** Lua: `bucketAt` on the locals `rate` (per second), `burst`, `tokens`, `at` and `now`. */
export const LUA_BUCKET_AT = `
if now > at then
  tokens = math.min(burst, tokens + ((now - at) / 1000) * rate)
  at = now
end`;

/** Lua: `takeFrom` of the local `cost`, after LUA_BUCKET_AT; sets `allowed` (0 or 1) and `wait` (ms). */
export const LUA_TAKE_FROM = `
local needed = math.min(cost, burst)
local allowed = 0
local wait = 0
if tokens >= needed then
  tokens = math.min(burst, tokens - cost)
  allowed = 1
else
  wait = ((needed - tokens) / rate) * 1000
end`;

/** Lua: `heldUntil` of the locals `untilMs` and `cost`, after LUA_BUCKET_AT. */
export const LUA_HELD_UNTIL = `
tokens = math.min(tokens, math.min(cost, burst))
at = math.max(at, untilMs)`;

/** Lua: a number as text without losing precision (Redis would truncate a Lua number to an integer). */
export const LUA_EXACT = `local function exact(number) return string.format('%.17g', number) end`;

/** The decision a take reports, from whether it passed and the tokens left after it. */
export function decisionOf(shape: BucketShape, allowed: boolean, tokens: number): BucketDecision {
  return {
    allowed,
    limit: shape.burst,
    remaining: Math.floor(tokens),
    retryAfterSeconds: allowed ? 0 : Math.ceil((1 - tokens) / shape.ratePerSecond),
    resetSeconds: Math.ceil((shape.burst - tokens) / shape.ratePerSecond),
  };
}

/**
 * Token buckets by key: each holds up to `burst` tokens and refills `ratePerSecond` tokens per
 * second; a request takes one. The least recently used keys are dropped past `maxKeys`, which
 * only ever forgives (a dropped bucket comes back full).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly shape: BucketShape;

  constructor(
    ratePerSecond: number,
    burst: number,
    private readonly maxKeys = 100_000,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.shape = { ratePerSecond, burst };
  }

  /** Gives back a token taken from `key`'s bucket (never above `burst`). */
  refund(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = takeFrom(this.shape, bucket.tokens, -1).tokens;
  }

  /** Takes a token from `key`'s bucket when one is there. */
  take(key: string): BucketDecision {
    const now = this.nowMs();
    const bucket = bucketAt(
      this.shape,
      this.buckets.get(key) ?? { tokens: this.shape.burst, atMs: now },
      now,
    );
    const { allowed, tokens } = takeFrom(this.shape, bucket.tokens, 1);
    bucket.tokens = tokens;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return decisionOf(this.shape, allowed, bucket.tokens);
  }
}
