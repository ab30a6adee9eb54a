/**
 * Sorting the offers of one result into clean offers, wrong products and price outliers, in the
 * order that keeps each test honest:
 *
 * 1. Offers whose own texts or name say they are another product ({@link wrongProductOffers}).
 * 2. Among the rest, offers priced below {@link OTHER_PRODUCT_PRICE_RATIO} of the usual price (the
 *    median, or the other price when there are two): at a sixth of the usual price an offer is
 *    another, cheaper product (an accessory, a spare part) far more often than a mispricing of
 *    this one, also when nothing but its price tells.
 * 3. Among the rest, price outliers ({@link findPriceOutliers}).
 *
 * A result list (cards of several products, {@link isResultList}) only gets step 1, against the
 * query's words: prices of different products say nothing about each other.
 *
 * Wrong products are left out of the outlier test: an accessory's price is not a price of this
 * product, and counting it would flag it as an outlier and widen the spread that hides real ones.
 */
import type { ValueQuery } from '../vocabulary/crawl.types.ts';
import { comparablePrice, isResultList, productName, readOffers } from './content.ts';
import type { OfferView } from './content.ts';
import { wrongProductOffers } from './contamination.ts';
import { parseProductRecord } from './identity.ts';
import { findPriceOutliers, median } from './outliers.ts';

/** Below this share of the median offer price an offer is taken for another, cheaper product. */
export const OTHER_PRODUCT_PRICE_RATIO = 1 / 6;

/** The offers of a result, sorted by {@link analyzeOffers}. */
export interface OfferAnalysis {
  offers: OfferView[];
  /** Indices of offers for another product (steps 1 and 2), ascending. */
  wrong: number[];
  /** Indices of price outliers among the remaining offers (step 3), ascending. */
  outliers: number[];
  /** Offers with a comparable price that are not wrong products: the base of the outlier share. */
  pricedCount: number;
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
 * Indices (into `content.offers`) of offers priced below {@link OTHER_PRODUCT_PRICE_RATIO} of the
 * usual price: the median of three or more prices, or with two prices the other one (the median of
 * two lies between them, so the cheap one could never fall that far below it).
 */
function farCheaperOffers(priced: readonly { index: number; price: number }[]): number[] {
  if (priced.length < 2) return [];
  const usual = (index: number): number =>
    priced.length === 2
      ? (priced.find((offer) => offer.index !== index)?.price ?? 0)
      : median(priced.map((offer) => offer.price));
  return priced
    .filter((offer) => offer.price < usual(offer.index) * OTHER_PRODUCT_PRICE_RATIO)
    .map((offer) => offer.index);
}

/** Sorts the offers of a content object into wrong products, price outliers and clean offers. */
export function analyzeOffers(query: ValueQuery, content: Record<string, unknown>): OfferAnalysis {
  const offers = readOffers(content);
  const name = productName(content);
  const references = name === null ? queryReferences(query) : [name, ...queryReferences(query)];
  const named = new Set(wrongProductOffers(offers, name, references));
  // The cards of a result list are different products: only their own words can mark them.
  if (isResultList(query.key, content)) return { offers, wrong: [...named], outliers: [], pricedCount: 0 };
  const priced = offers.flatMap((offer) => {
    const price = named.has(offer.index) ? null : comparablePrice(offer);
    return price === null ? [] : [{ index: offer.index, price }];
  });
  const cheap = new Set(farCheaperOffers(priced));
  const candidates = priced.filter((offer) => !cheap.has(offer.index));
  const outliers = findPriceOutliers(candidates.map((offer) => offer.price)).flatMap((position) => {
    const offer = candidates[position];
    return offer === undefined ? [] : [offer.index];
  });
  return {
    offers,
    wrong: [...named, ...cheap].sort((a, b) => a - b),
    outliers,
    pricedCount: candidates.length,
  };
}
