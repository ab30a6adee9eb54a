/**
 * Checks and final shaping of a driver's outcome before the engine hands it on.
 */
import type { DriverOutcome } from '../vocabulary/crawl.types.ts';
import type { SortBy } from '../vocabulary/sources.types.ts';
import { sortOffers, type OfferLike } from './crawl.offers.ts';

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * True when a driver returned a well-formed `DriverOutcome`. Drivers are typed, but a value that a
 * buggy driver returns must end as a failure, not reach the results store half-formed.
 */
export function isDriverOutcome(value: unknown): value is DriverOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const outcome = value as Record<string, unknown>;
  const billable = outcome.billable as Record<string, unknown> | null | undefined;
  if (typeof billable !== 'object' || billable === null) return false;
  if (!isCount(billable.extraResultPages) || !isCount(billable.sellerPages)) return false;
  if (outcome.status === 'not_found') return true;
  return outcome.status === 'found' && typeof outcome.content === 'object' && outcome.content !== null;
}

/**
 * Orders `content.offers` by the job's `sort_by` and renumbers `position` (decisions G3), so every
 * driver's offers come out in the requested order. Content without an offer list is left as is.
 */
export function applyOfferOrder(outcome: DriverOutcome, sortBy: SortBy): DriverOutcome {
  if (outcome.status !== 'found') return outcome;
  const offers = outcome.content.offers;
  if (!Array.isArray(offers) || !offers.every(isOfferObject)) return outcome;
  return { ...outcome, content: { ...outcome.content, offers: sortOffers(offers, sortBy) } };
}

function isOfferObject(value: unknown): value is OfferLike {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
