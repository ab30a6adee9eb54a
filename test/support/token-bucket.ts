import assert from 'node:assert/strict';
import type { SourceStats } from '../../src/sandbox/faults.ts';

/** A pair's token bucket as the tests configure it: `burst` tokens, refilled at `rate` a second. */
export interface TokenBucket {
  burst: number;
  rate: number;
}

/** The most requests `bucket` lets out in `seconds`. */
export function bucketAllows(bucket: TokenBucket, seconds: number): number {
  return bucket.burst + bucket.rate * seconds;
}

/** What the sandbox at `origin` counted for `source` (`GET /_sandbox/stats`); fails if it saw none. */
export async function sandboxStatsOf(origin: string, source: string): Promise<SourceStats> {
  const stats = (await (await fetch(`${origin}/_sandbox/stats`)).json()) as Record<string, SourceStats>;
  const seen = stats[source];
  assert.ok(seen, `the sandbox counted no request of ${source}`);
  return seen;
}

/**
 * Checks that the requests the sandbox saw stayed within one token bucket: at most burst + rate in
 * any wall-clock second, and at most burst + rate × spanSeconds from the first arrival to the last.
 * Both bounds hold exactly only with one request of the pair in flight (the callers say why).
 */
export function assertWithinBucket(seen: SourceStats, bucket: TokenBucket): void {
  const inOneSecond = bucketAllows(bucket, 1);
  const inSpan = bucketAllows(bucket, seen.spanSeconds);
  assert.ok(
    seen.maxRequestsPerSecond <= inOneSecond,
    `the sandbox saw ${seen.maxRequestsPerSecond} requests in one second (burst + rate: ${inOneSecond})`,
  );
  assert.ok(
    seen.requests <= inSpan,
    `the sandbox saw ${seen.requests} requests in ${seen.spanSeconds} s (at most ${inSpan})`,
  );
}
