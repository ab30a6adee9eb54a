/**
 * Parses `Retry-After` (RFC 9110 10.2.3): delay-seconds or an HTTP date. Answers milliseconds from
 * `nowMs` (0 for a date in the past), or undefined when absent or unparseable.
 */
export function parseRetryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only a full HTTP date: `Date.parse` alone would also read bare numbers like "-5" or "1.5".
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const atMs = Date.parse(trimmed);
  if (Number.isNaN(atMs)) return undefined;
  return Math.max(0, atMs - nowMs);
}
