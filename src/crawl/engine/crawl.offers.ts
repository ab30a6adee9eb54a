/** Pure helpers over offer lists that every driver and the engine share. */
import type { SortBy } from '../vocabulary/sources.types.ts';

/** The fields of an offer that ordering and price summaries read; sources add their own. */
export interface OfferLike {
  position?: number;
  price?: number | null;
  shipping?: number | null;
  total?: number | null;
  /** Seller rating (source_01, source_04). */
  seller_rating?: number | null;
  /** Offer/merchant rating (source_03). */
  rating?: number | null;
}

type SortKey = (offer: OfferLike) => number | null;

const totalOf: SortKey = (offer) =>
  offer.total ?? (offer.price == null ? null : offer.price + (offer.shipping ?? 0));
const ratingOf: SortKey = (offer) => offer.seller_rating ?? offer.rating ?? null;

const ORDERS: Record<Exclude<SortBy, 'ranking_descending'>, { key: SortKey; descending: boolean }> = {
  price_ascending: { key: (offer) => offer.price ?? null, descending: false },
  price_descending: { key: (offer) => offer.price ?? null, descending: true },
  total_ascending: { key: totalOf, descending: false },
  rating_descending: { key: ratingOf, descending: true },
};

/**
 * Orders offers by `sort_by` (decisions G3) and renumbers `position` from 1. `ranking_descending`
 * keeps the source's order. The sort is stable, and offers without the sorted value go last, so
 * equal offers keep the source's ranking. Answers new offer objects; the input is not changed.
 */
export function sortOffers<T extends OfferLike>(offers: readonly T[], sortBy: SortBy): T[] {
  const ordered = [...offers];
  if (sortBy !== 'ranking_descending') {
    const { key, descending } = ORDERS[sortBy];
    ordered.sort((a, b) => {
      const left = key(a);
      const right = key(b);
      if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
      return descending ? right - left : left - right;
    });
  }
  return ordered.map((offer, index) => ({ ...offer, position: index + 1 }));
}

/** Lowest, highest and mean offer price. */
export interface PriceSummary {
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
}

/** Rounds to cents, away from the binary representation error (1.005 → 1.01). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/**
 * Min, max and average `price` over the offers that have one, rounded to cents; nulls without prices.
 * Prices are taken as whole cents before averaging, so the mean does not depend on floating-point
 * sums (12.34 and 12.35 average to 12.35, as their cents do).
 */
export function summarizePrices(offers: readonly OfferLike[]): PriceSummary {
  const cents = offers
    .map((offer) => offer.price)
    .filter((price): price is number => typeof price === 'number' && Number.isFinite(price))
    .map((price) => Math.round(roundCents(price) * 100));
  if (cents.length === 0) return { price_min: null, price_max: null, price_avg: null };
  const sum = cents.reduce((total, value) => total + value, 0);
  return {
    price_min: Math.min(...cents) / 100,
    price_max: Math.max(...cents) / 100,
    price_avg: Math.round(sum / cents.length) / 100,
  };
}
