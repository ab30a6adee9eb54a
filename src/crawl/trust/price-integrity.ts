/**
 * Price integrity: are the prices of a result consistent with each other and free of outliers?
 *
 * `price_integrity = (passed checks / checks) · (1 − outliers / priced offers)`, where the checks
 * are ({@link consistencyChecks}):
 * - every offer has a positive price; where price, shipping and total are all given,
 *   `|total − (price + shipping)| ≤ 0.01`;
 * - `price_min ≤ price_avg ≤ price_max` for whichever of them are given, each positive (the figures
 *   over every offer: `price_min_all` … where the content carries them, decisions G38);
 * - when the content lists all its offers (`offers_count` absent or not above the offers given),
 *   `price_min`, `price_max` and `price_avg` equal the minimum, maximum and mean of the offers'
 *   prices or of their totals within 0.01; when it lists only some, `price_min` is not above the
 *   lowest listed price and `price_max` not below the highest;
 * - a buy box price is positive; a members-only `premium_price` is positive and not above it.
 *
 * A result without any price to check scores 0: it cannot vouch for a price. Topics that carry no
 * price data by design (`convert`, `remove_conversions`) score 1.
 */
import { isRecord, numberOf } from './content.ts';
import type { OfferView } from './content.ts';

/** Tolerance of every price equality, in the currency's units. */
export const PRICE_TOLERANCE = 0.01;

const near = (a: number, b: number): boolean => Math.abs(a - b) <= PRICE_TOLERANCE + 1e-9;

function offerChecks(offers: readonly OfferView[]): boolean[] {
  return offers.flatMap((offer) => {
    const checks = [offer.price !== null && offer.price > 0];
    if (offer.price !== null && offer.shipping !== null && offer.total !== null) {
      checks.push(near(offer.total, offer.price + offer.shipping));
    }
    return checks;
  });
}

interface Aggregates {
  min: number | null;
  max: number | null;
  avg: number | null;
}

function orderChecks({ min, max, avg }: Aggregates): boolean[] {
  const checks = [min, max, avg].filter((value) => value !== null).map((value) => value > 0);
  if (min !== null && avg !== null) checks.push(min <= avg + PRICE_TOLERANCE);
  if (avg !== null && max !== null) checks.push(avg <= max + PRICE_TOLERANCE);
  if (min !== null && max !== null) checks.push(min <= max);
  return checks;
}

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Aggregates against the offers: equal to one of the offer price series when every offer is listed. */
function agreementChecks(
  aggregates: Aggregates,
  offers: readonly OfferView[],
  allListed: boolean,
): boolean[] {
  const series = [offers.map((offer) => offer.price), offers.map((offer) => offer.total)]
    .map((values) => values.filter((value) => value !== null && value > 0) as number[])
    .filter((values) => values.length > 0);
  if (series.length === 0) return [];
  const checks: boolean[] = [];
  const { min, max, avg } = aggregates;
  if (allListed) {
    if (min !== null) checks.push(series.some((values) => near(min, Math.min(...values))));
    if (max !== null) checks.push(series.some((values) => near(max, Math.max(...values))));
    if (avg !== null) checks.push(series.some((values) => near(avg, mean(values))));
    return checks;
  }
  if (min !== null) checks.push(series.some((values) => min <= Math.min(...values) + PRICE_TOLERANCE));
  if (max !== null) checks.push(series.some((values) => max >= Math.max(...values) - PRICE_TOLERANCE));
  return checks;
}

function buyboxChecks(content: Record<string, unknown>): boolean[] {
  const buybox = content['buybox'];
  const price = isRecord(buybox) ? numberOf(buybox['price']) : null;
  const checks = price === null ? [] : [price > 0];
  if (content['is_premium'] === true) {
    const premium = numberOf(content['premium_price']);
    checks.push(premium !== null && premium > 0 && (price === null || premium <= price + PRICE_TOLERANCE));
  }
  return checks;
}

/**
 * The figure over every offer: `<field>_all` once the figures over the clean offers took the plain
 * name (decisions G38, `figures.ts`), else the driver's own `<field>`, which is over every offer.
 */
function allOrOwn(content: Record<string, unknown>, field: string): unknown {
  return Object.hasOwn(content, `${field}_all`) ? content[`${field}_all`] : content[field];
}

/** Every consistency check of a content object, true for each one that passes. */
export function consistencyChecks(content: Record<string, unknown>, offers: readonly OfferView[]): boolean[] {
  const aggregates = {
    min: numberOf(allOrOwn(content, 'price_min')),
    max: numberOf(allOrOwn(content, 'price_max')),
    avg: numberOf(allOrOwn(content, 'price_avg')),
  };
  const offersCount = numberOf(allOrOwn(content, 'offers_count'));
  const allListed = offersCount === null || offersCount <= offers.length;
  return [
    ...offerChecks(offers),
    ...orderChecks(aggregates),
    ...agreementChecks(aggregates, offers, allListed),
    ...buyboxChecks(content),
  ];
}

/**
 * The price integrity component. `outlierCount` is the number of offers flagged as price
 * outliers among the `pricedOffers` offers that have a comparable price.
 */
export function priceIntegrity(
  content: Record<string, unknown>,
  offers: readonly OfferView[],
  outlierCount: number,
  pricedOffers: number,
): number {
  const checks = consistencyChecks(content, offers);
  if (checks.length === 0) return 0;
  const consistency = checks.filter(Boolean).length / checks.length;
  const outlierFree = pricedOffers === 0 ? 1 : 1 - outlierCount / pricedOffers;
  return consistency * outlierFree;
}
