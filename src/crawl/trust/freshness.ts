/** Freshness: how recent the observation is, decaying exponentially with its age. */

/** Age in hours at which freshness has halved: a price observed a day ago counts half. */
export const FRESHNESS_HALF_LIFE_HOURS = 24;

const MS_PER_HOUR = 3_600_000;

/**
 * `0.5 ** (ageHours / FRESHNESS_HALF_LIFE_HOURS)`: 1 for a fresh observation, 0.5 after one
 * half-life, 0.25 after two. An observation dated in the future (clock skew between machines)
 * counts as fresh; no observation time, or an invalid one, gives 0.
 */
export function freshness(observedAt: Date | null, now: Date): number {
  if (observedAt === null) return 0;
  const ageMs = now.getTime() - observedAt.getTime();
  if (!Number.isFinite(ageMs)) return 0;
  const ageHours = Math.max(0, ageMs) / MS_PER_HOUR;
  return 0.5 ** (ageHours / FRESHNESS_HALF_LIFE_HOURS);
}
