/**
 * The trust object of a result (spec 2.5): how far a caller can rely on it. Pure: the same input
 * always gives the same trust, and the clock is an input (`now`). docs/trust.md explains every
 * component to API users.
 */
import type { ValueQuery } from '../crawl/crawl.types.ts';
import { completeness } from './completeness.ts';
import { comparablePrice, productName, readOffers } from './content.ts';
import type { OfferView } from './content.ts';
import { offerContamination, wrongProductOffers } from './contamination.ts';
import { freshness } from './freshness.ts';
import { identity, parseProductRecord } from './identity.ts';
import { findPriceOutliers } from './outliers.ts';
import { priceIntegrity } from './price-integrity.ts';
import type { Trust, TrustAssessment, TrustComponents, TrustInput } from './trust.types.ts';

export type { Trust, TrustAssessment, TrustComponents, TrustInput } from './trust.types.ts';
export { FRESHNESS_HALF_LIFE_HOURS } from './freshness.ts';

/** Weights of the components in the score (spec 2.5); they sum to 1. */
export const TRUST_WEIGHTS: Readonly<TrustComponents> = Object.freeze({
  identity: 0.25,
  completeness: 0.2,
  price_integrity: 0.25,
  offer_contamination: 0.15,
  freshness: 0.15,
});

/** Topics whose content carries no price data by design: price integrity has nothing to contradict. */
const PRICELESS_TOPICS: ReadonlySet<string> = new Set(['convert', 'remove_conversions']);

/** Rounds to 3 decimals and clamps to 0..1; anything that is not a finite number becomes 0. */
export function round3(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
}

/**
 * `score = Σ weight · component` over the rounded components, rounded to 3 decimals, so a caller
 * can recompute the score from the components it receives.
 */
export function trustScore(components: TrustComponents): number {
  const keys = Object.keys(TRUST_WEIGHTS) as (keyof TrustComponents)[];
  return round3(keys.reduce((sum, key) => sum + TRUST_WEIGHTS[key] * round3(components[key]), 0));
}

function finish(components: TrustComponents, outliers: number[], wrong: number[]): TrustAssessment {
  const rounded: TrustComponents = {
    identity: round3(components.identity),
    completeness: round3(components.completeness),
    price_integrity: round3(components.price_integrity),
    offer_contamination: round3(components.offer_contamination),
    freshness: round3(components.freshness),
  };
  return {
    trust: { score: trustScore(rounded), components: rounded, flagged_offers: outliers },
    outlierOffers: outliers,
    wrongProductOffers: wrong,
  };
}

/** Texts that say what was asked for, besides the product name: the query's own words. */
function queryReferences(query: ValueQuery): string[] {
  if (query.key === 'term') return [query.value];
  if (query.key === 'product') {
    const record = parseProductRecord(query.value);
    return [`${record.brand} ${record.name}`];
  }
  return [];
}

/**
 * Wrong-product offers are found first and left out of the outlier detection: an accessory at a
 * tenth of the price is not a price of this product, and counting it would both flag it as a
 * price outlier and widen the spread that hides the real ones.
 */
function findOutliers(offers: readonly OfferView[], wrong: readonly number[]): number[] {
  const excluded = new Set(wrong);
  const priced = offers.flatMap((offer) => {
    const price = excluded.has(offer.index) ? null : comparablePrice(offer);
    return price === null ? [] : [{ index: offer.index, price }];
  });
  return findPriceOutliers(priced.map((offer) => offer.price)).flatMap((position) => {
    const offer = priced[position];
    return offer === undefined ? [] : [offer.index];
  });
}

function assessContent(
  query: ValueQuery,
  content: Record<string, unknown>,
  input: TrustInput,
): TrustAssessment {
  const offers = readOffers(content);
  const name = productName(content);
  const references = name === null ? queryReferences(query) : [name, ...queryReferences(query)];
  const wrong = wrongProductOffers(offers, name, references);
  const outliers = findOutliers(offers, wrong);
  const pricedCount = offers.filter(
    (offer) => comparablePrice(offer) !== null && !wrong.includes(offer.index),
  ).length;
  const integrity = PRICELESS_TOPICS.has(query.topic)
    ? 1
    : priceIntegrity(content, offers, outliers.length, pricedCount);
  return finish(
    {
      identity: identity(query, content),
      completeness: completeness(query, content),
      price_integrity: integrity,
      offer_contamination: offerContamination(offers.length, outliers, wrong),
      freshness: freshness(input.observedAt, input.now),
    },
    outliers,
    wrong,
  );
}

/**
 * Trust with its analysis. A failed result (`success: false`) or one without content (`not found`)
 * has nothing to vouch for: every component is 0 except freshness, which still dates the
 * observation, so the score is `0.15 · freshness`.
 */
export function assessTrust(input: TrustInput): TrustAssessment {
  if (!input.success || input.content === null) {
    const fresh = freshness(input.observedAt, input.now);
    return finish(
      { identity: 0, completeness: 0, price_integrity: 0, offer_contamination: 0, freshness: fresh },
      [],
      [],
    );
  }
  return assessContent(input.query, input.content, input);
}

/** The trust object (spec 2.5) of one result. */
export function computeTrust(input: {
  query: ValueQuery;
  success: boolean;
  reason: string | null;
  content: Record<string, unknown> | null;
  observedAt: Date | null;
  now: Date;
}): Trust {
  return assessTrust(input).trust;
}
