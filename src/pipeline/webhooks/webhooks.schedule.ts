/**
 * The delivery retry schedule of spec part 6: attempt 1 immediate, then +30 s, +2 min, +10 min and
 * +30 min, each with ±20% jitter; a `Retry-After` on 429/503 is a lower bound (decisions G27).
 */
import { parseRetryAfterMs } from '../../platform/lib/retry-after.ts';

/** Attempts a delivery gets before it is dead-lettered. */
export const MAX_ATTEMPTS = 5;

/** Delay before attempt n+1 after attempt n failed (index n-1). */
const DELAYS_AFTER_ATTEMPT_MS = [30_000, 120_000, 600_000, 1_800_000] as const;

/** The longest `Retry-After` honoured; a receiver cannot park a delivery for longer than a day. */
export const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/**
 * Delay before the next attempt after attempt `attempt` (1-based) failed, with ±20% jitter;
 * `undefined` when the attempt budget is spent.
 */
export function retryDelayAfterMs(attempt: number, random: () => number = Math.random): number | undefined {
  const base = DELAYS_AFTER_ATTEMPT_MS[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The delay a delivery's `Retry-After` asks for (see {@link parseRetryAfterMs}), capped at
 * `MAX_RETRY_AFTER_MS`; `undefined` when absent or unreadable.
 */
export function deliveryRetryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  const delayMs = parseRetryAfterMs(value, nowMs);
  return delayMs === undefined ? undefined : Math.min(MAX_RETRY_AFTER_MS, delayMs);
}
