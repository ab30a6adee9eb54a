/**
 * The trust object of a result (spec 2.5): how far a caller can rely on it. Pure: the same input
 * always gives the same trust, and the clock is an input (`now`). docs/trust.md explains every
 * component to API users.
 */
import type { ValueQuery } from '../vocabulary/crawl.types.ts';
import { completeness } from './completeness.ts';
import { offerContamination } from './contamination.ts';
import { freshness } from './freshness.ts';
import { identity, UNVERIFIED_IDENTITY } from './identity.ts';
import { FALLBACK_EXTRACTOR } from '../sources/kit/fallback.kit.ts';
import { analyzeOffers } from './offer-analysis.ts';
import { priceIntegrity } from './price-integrity.ts';
import { withTrustedFigures } from './figures.ts';
import type { AssessedResult, Trust, TrustAssessment, TrustComponents, TrustInput } from './trust.types.ts';

export type { AssessedResult, Trust, TrustAssessment, TrustComponents, TrustInput } from './trust.types.ts';
export { FRESHNESS_HALF_LIFE_HOURS } from './freshness.ts';

/** Weights of the components in the score (spec 2.5); they sum to 1. */
export const TRUST_WEIGHTS: Readonly<TrustComponents> = Object.freeze({
  identity: 0.25,
  completeness: 0.2,
  price_integrity: 0.25,
  offer_contamination: 0.15,
  freshness: 0.15,
});

/** Factor on the completeness of content the generic extractor built (see `discountFallback`). */
export const FALLBACK_COMPLETENESS_FACTOR = 0.5;

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
    trust: {
      score: trustScore(rounded),
      components: rounded,
      flagged_offers: outliers,
      wrong_product_offers: wrong,
    },
    outlierOffers: outliers,
    wrongProductOffers: wrong,
  };
}

function assessContent(input: TrustInput, content: Record<string, unknown>): TrustAssessment {
  const { query } = input;
  const { offers, wrong, outliers, pricedCount } = analyzeOffers(query, content);
  const integrity = PRICELESS_TOPICS.has(query.topic)
    ? 1
    : priceIntegrity(content, offers, outliers.length, pricedCount);
  const components = {
    identity: identity(query, content),
    completeness: completeness(query, content),
    price_integrity: integrity,
    offer_contamination: offerContamination(offers.length, outliers, wrong),
    freshness: freshness(input.observedAt, input.now),
  };
  if (isFallbackContent(content)) return finish(discountFallback(components), outliers, wrong);
  return finish(query.key === 'url' ? discountSinglePage(components) : components, outliers, wrong);
}

/**
 * Trust of a page read by URL (the `web` source, decisions G35): identity and completeness say
 * whether the page asked for was read and what it showed, but one price of one page, read by the
 * generic extractor with no offer list and no driver to cross-check it, leaves integrity and
 * contamination unchecked, so they are at most unverified (a full, fresh reading scores 0.8;
 * docs/monitor.md, "Trust").
 */
function discountSinglePage(components: TrustComponents): TrustComponents {
  return {
    ...components,
    price_integrity: Math.min(components.price_integrity, UNVERIFIED_IDENTITY),
    offer_contamination: Math.min(components.offer_contamination, UNVERIFIED_IDENTITY),
  };
}

/** True for content the generic extractor built after the driver's parser failed (markup drift). */
export function isFallbackContent(content: Record<string, unknown>): boolean {
  return content['extracted_by'] === FALLBACK_EXTRACTOR;
}

/**
 * Trust of fallback content. A generic reading of one page confirms the product only weakly (it may
 * have read a recommendation or a bundle), so identity is at most {@link UNVERIFIED_IDENTITY}; what
 * it found is a guess at the fields the source's driver reads, so completeness counts half; and one
 * price without an offer list leaves integrity and contamination unchecked, so they are at most
 * unverified too. Identity, integrity and contamination never rise above the driver's own
 * reading of the same product, and completeness falls to half of the fallback's few fields, so a
 * fallback scores below it (measured for every source in test/sources/drift.test.ts).
 */
function discountFallback(components: TrustComponents): TrustComponents {
  return {
    identity: Math.min(components.identity, UNVERIFIED_IDENTITY),
    completeness: components.completeness * FALLBACK_COMPLETENESS_FACTOR,
    price_integrity: Math.min(components.price_integrity, UNVERIFIED_IDENTITY),
    offer_contamination: Math.min(components.offer_contamination, UNVERIFIED_IDENTITY),
    freshness: components.freshness,
  };
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
  return assessContent(input, input.content);
}

/**
 * The trust object of one result and its content with the price figures of decisions G38, which
 * are computed over the offers trust found clean. What a result item carries; pure, so a compute
 * thread may run it.
 */
export function assessResult(input: TrustInput): AssessedResult {
  const assessment = assessTrust(input);
  const { content } = input;
  if (!input.success || content === null) return { trust: assessment.trust, content };
  const setApart = { wrong: assessment.wrongProductOffers, outliers: assessment.outlierOffers };
  return { trust: assessment.trust, content: withTrustedFigures(input.query.key, content, setApart) };
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
