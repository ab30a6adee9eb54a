/**
 * source_04's listing model, shared by its pages and its ground truth: every offer of the catalogue
 * is one listing (auction or fixed price) with an item id; a catalogue product groups the listings
 * of one GTIN.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import { rngFor } from '../random.ts';
import { amount } from './site-kit.ts';

/** Listings a search page shows (max_pages does not apply to source_04). */
export const SEARCH_LIMIT = 50;
/** Auctions end within two weeks of this instant (fixed, so pages never change). */
export const AUCTION_EPOCH_MS = Date.UTC(2026, 0, 5, 12, 0, 0);

export interface ListingTerms {
  listingType: 'auction' | 'fixed_price';
  bids: number | null;
  endsAt: string | null;
}

/** Auction or fixed price, bids and end time of a listing: a pure function of the listing id. */
export function listingTerms(catalogue: Catalogue, offer: Offer): ListingTerms {
  const rng = rngFor(catalogue.seed, 'source_04', 'listing', offer.id);
  if (!rng.chance(0.3)) return { listingType: 'fixed_price', bids: null, endsAt: null };
  const endsAtMs = AUCTION_EPOCH_MS + rng.int(1, 14 * 24 * 60) * 60_000;
  return { listingType: 'auction', bids: rng.int(0, 40), endsAt: new Date(endsAtMs).toISOString() };
}

/** Share of positive feedback (percent, one decimal) derived from the seller's rating. */
export function positivePercent(seller: Seller): number {
  return Math.round((95 + (seller.rating - 3) * 2.5) * 10) / 10;
}

export const itemPath = (offer: Offer): string => `/itm/${offer.id}`;
export const productPath = (product: Product): string => `/p/${product.id}`;

/** The listings a search shows: matching products' listings in ranking, up to SEARCH_LIMIT. */
export function searchListings(catalogue: Catalogue, query: string): { product: Product; offer: Offer }[] {
  return searchCatalogue(catalogue, query)
    .flatMap((product) => product.offers.map((offer) => ({ product, offer })))
    .slice(0, SEARCH_LIMIT);
}

/** A listing as drivers report it (search card, item page and catalogue product page agree). */
export function listingContent(
  catalogue: Catalogue,
  offer: Offer,
  baseUrl: string,
  position: number,
): Record<string, unknown> {
  const seller = catalogue.sellers.get(offer.sellerId) as Seller;
  const terms = listingTerms(catalogue, offer);
  return {
    position,
    item_id: offer.id,
    title: offer.title,
    url: baseUrl + itemPath(offer),
    price: amount(offer.priceMinor, catalogue),
    shipping: amount(offer.shippingMinor, catalogue),
    total: amount(offer.priceMinor + offer.shippingMinor, catalogue),
    currency: catalogue.locale.currency,
    condition: offer.condition,
    listing_type: terms.listingType,
    bids: terms.bids,
    ends_at: terms.endsAt,
    seller_name: seller.name,
    seller_rating: positivePercent(seller),
    seller_rating_count: seller.ratingCount,
  };
}
