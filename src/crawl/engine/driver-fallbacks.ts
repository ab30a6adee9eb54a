/**
 * How often drivers fell back to the generic extractor, per source, since the process started.
 * A rising count is the first sign that a site changed its markup (docs/drivers.md, "Markup drift").
 * There is no metrics registry in the service yet: a `/metrics` endpoint reads
 * {@link driverFallbackCounts} and exposes it as `pricecrawl_driver_fallbacks_total{source}`.
 */
import type { SourceId } from '../vocabulary/sources.types.ts';

/** Name of the counter once it is exposed as a metric. */
export const DRIVER_FALLBACKS_METRIC = 'pricecrawl_driver_fallbacks_total';

const counts = new Map<SourceId, number>();

/** Counts one fallback of `source`'s driver. */
export function countDriverFallback(source: SourceId): void {
  counts.set(source, (counts.get(source) ?? 0) + 1);
}

/** Fallbacks per source so far (sources without any are absent). */
export function driverFallbackCounts(): Partial<Record<SourceId, number>> {
  return Object.fromEntries(counts);
}
