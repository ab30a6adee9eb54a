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

/**
 * Token buckets by key: each holds up to `burst` tokens and refills `ratePerSecond` tokens per
 * second; a request takes one. The least recently used keys are dropped past `maxKeys`, which
 * only ever forgives (a dropped bucket comes back full).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly maxKeys = 100_000,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Gives back a token taken from `key`'s bucket (never above `burst`). */
  refund(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.burst, bucket.tokens + 1);
  }

  /** Takes a token from `key`'s bucket when one is there. */
  take(key: string): BucketDecision {
    const now = this.nowMs();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAtMs: now };
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.updatedAtMs) / 1000) * this.ratePerSecond,
    );
    bucket.updatedAtMs = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return {
      allowed,
      limit: this.burst,
      remaining: Math.floor(bucket.tokens),
      retryAfterSeconds: allowed ? 0 : Math.ceil((1 - bucket.tokens) / this.ratePerSecond),
      resetSeconds: Math.ceil((this.burst - bucket.tokens) / this.ratePerSecond),
    };
  }
}
