/** The state of one bucket. */
interface Bucket {
  tokens: number;
  updatedAtMs: number;
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

/**
 * The tokens a bucket holds `elapsedMs` after it held `tokens`: refilled continuously, never past
 * the burst. The one refill rule: `TokenBuckets` applies it in this process, and the Redis store's
 * script (accounts/ratelimit/ratelimit.store.ts) is the same arithmetic on the server's clock.
 */
export function refilled(shape: BucketShape, tokens: number, elapsedMs: number): number {
  return Math.min(shape.burst, tokens + (Math.max(0, elapsedMs) / 1000) * shape.ratePerSecond);
}

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
    if (bucket) bucket.tokens = Math.min(this.shape.burst, bucket.tokens + 1);
  }

  /** Takes a token from `key`'s bucket when one is there. */
  take(key: string): BucketDecision {
    const now = this.nowMs();
    const bucket = this.buckets.get(key) ?? { tokens: this.shape.burst, updatedAtMs: now };
    bucket.tokens = refilled(this.shape, bucket.tokens, now - bucket.updatedAtMs);
    bucket.updatedAtMs = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return decisionOf(this.shape, allowed, bucket.tokens);
  }
}
