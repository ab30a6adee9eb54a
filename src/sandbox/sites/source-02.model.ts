/**
 * source_02's shop logic shared by its pages and its ground truth: buy-box choice, fulfilment,
 * Austria/Switzerland localization of the de storefront, sponsored results.
 */
import type { Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { hashString } from '../random.ts';

/** Delivery regions the de storefront localizes for (spec part 1, rule 2). */
export type Region = 'at' | 'ch';
export const REGION_PARAM = 'deliveryCountry';
export const REGION_COOKIE = 'shoply-delivery';
export const SEARCH_PAGE_SIZE = 16;

/** The region selected by `?deliveryCountry=AT|CH` or the `shoply-delivery` cookie, on de only. */
export function regionOf(storefront: string, param: string, cookieHeader: string | undefined): Region | null {
  if (storefront !== 'de') return null;
  const cookie = /(?:^|;\s*)shoply-delivery=([A-Za-z]{2})/.exec(cookieHeader ?? '')?.[1] ?? '';
  const value = (param || cookie).toLowerCase();
  return value === 'at' || value === 'ch' ? value : null;
}

/**
 * A de price as shown to a delivery region: Austrian VAT (20% instead of 19%) for at, the export
 * price without German VAT for ch.
 */
export function localizeMinor(minor: number, region: Region | null): number {
  if (region === 'at') return Math.round((minor * 120) / 119);
  if (region === 'ch') return Math.round((minor * 100) / 119);
  return minor;
}

/** The offer holding the buy box: the best-ranked new offer that can be delivered. */
export function buyBoxOffer(product: Product): Offer | undefined {
  return product.offers.find((offer) => offer.condition === 'new' && offer.availability !== 'red');
}

export type SellerType = 'marketplace_operator' | 'fulfilled_by_operator' | 'fulfilled_by_seller';

/** Who sells and who ships an offer. */
export function sellerTypeOf(offer: Offer, seller: Seller): SellerType {
  if (seller.kind === 'operator') return 'marketplace_operator';
  return offer.fulfilledByOperator ? 'fulfilled_by_operator' : 'fulfilled_by_seller';
}

/** The operator, who ships offers it fulfils. */
export function operatorOf(catalogue: Catalogue): Seller {
  const operator = [...catalogue.sellers.values()].find((seller) => seller.kind === 'operator');
  if (!operator) throw new Error('source_02 catalogue without operator');
  return operator;
}

/** The advertised product shown first on page 1 of a search with results (not a result itself). */
export function sponsoredProduct(catalogue: Catalogue, query: string): Product | undefined {
  return catalogue.products[hashString(query.toLowerCase()) % catalogue.products.length];
}
