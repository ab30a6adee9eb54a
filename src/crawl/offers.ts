/** Pure helpers over offer lists that every driver and the engine share. */
import type { SortBy } from '../sources/sources.types.ts';

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

/** Min, max and average `price` over the offers that have one, rounded to cents; nulls without prices. */
export function summarizePrices(offers: readonly OfferLike[]): PriceSummary {
  const prices = offers
    .map((offer) => offer.price)
    .filter((price): price is number => typeof price === 'number');
  if (prices.length === 0) return { price_min: null, price_max: null, price_avg: null };
  const sum = prices.reduce((total, price) => total + price, 0);
  return {
    price_min: roundCents(Math.min(...prices)),
    price_max: roundCents(Math.max(...prices)),
    price_avg: roundCents(sum / prices.length),
  };
}
