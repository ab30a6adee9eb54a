/**
 * Ground-truth building blocks of the shop-style sites source_05..source_12. Every one of them
 * reports offers with the same core fields and `availability` codes, so their truth is assembled
 * here from the catalogue (never from pages) and each site adds its own fields.
 */
import type { AvailabilityCode, Catalogue, Offer, Product, Seller } from '../catalogue/catalogue.types.ts';
import { searchCatalogue } from '../catalogue/catalogue.ts';
import type { SiteTruth } from '../sandbox.types.ts';
import { amount, offerFlags, trustedFiguresTruth } from './site-kit.ts';
import { buyBoxOffer, sellerTypeOf } from './source-02.model.ts';
import { truthTerms } from './truth-kit.ts';

/** Availability as the shop-style drivers report it. */
export type ShopAvailability = 'in_stock' | 'limited' | 'out_of_stock';

/** The catalogue's traffic-light availability in the drivers' words. */
export const SHOP_AVAILABILITY: Readonly<Record<AvailabilityCode, ShopAvailability>> = {
  green: 'in_stock',
  orange: 'limited',
  red: 'out_of_stock',
};

/** The seller of an offer (the catalogue guarantees it exists). */
export function sellerOf(offer: Offer, catalogue: Catalogue): Seller {
  const seller = catalogue.sellers.get(offer.sellerId);
  if (!seller) throw new Error(`offer ${offer.id} has an unknown seller ${offer.sellerId}`);
  return seller;
}

/** The site's top-ranked offer, which heads its listings. */
export function leadOffer(product: Product): Offer {
  const offer = product.offers[0];
  if (!offer) throw new Error(`product ${product.id} has no offers`);
  return offer;
}

/** The lowest offer price of a product, in minor units ("from …" on cards). */
export function lowestPriceMinor(product: Product): number {
  return Math.min(...product.offers.map((offer) => offer.priceMinor));
}

/** Core fields of one offer as every shop-style driver returns it, plus the planted flags. */
export function coreOfferTruth(offer: Offer, index: number, catalogue: Catalogue): Record<string, unknown> {
  return {
    position: index + 1,
    price: amount(offer.priceMinor, catalogue),
    currency: catalogue.locale.currency,
    shipping: amount(offer.shippingMinor, catalogue),
    total: amount(offer.priceMinor + offer.shippingMinor, catalogue),
    seller_name: sellerOf(offer, catalogue).name,
    availability: SHOP_AVAILABILITY[offer.availability],
    ...offerFlags(offer),
  };
}

/**
 * decisions G38's figures of a product whose page lists `listed` of its offers (all by default):
 * over the clean listed offers, and over every offer as `…_all`.
 */
export function offerSummaryTruth(
  product: Product,
  catalogue: Catalogue,
  listed: readonly Offer[] = product.offers,
): Record<string, unknown> {
  return trustedFiguresTruth(listed, catalogue, product.offers);
}

/**
 * The buy-box object of spec 2.4, the same on source_02, source_05 and source_09: the offer
 * `buyBoxOffer` picks (best-ranked new offer that can be delivered), or nulls when none qualifies.
 */
export function buyboxTruth(product: Product, catalogue: Catalogue): Record<string, unknown> {
  const offer = buyBoxOffer(product);
  if (!offer) return { buybox: null, seller_type: null, is_premium: false, premium_price: null };
  const seller = sellerOf(offer, catalogue);
  return {
    buybox: { price: amount(offer.priceMinor, catalogue), seller_name: seller.name, seller_id: seller.id },
    seller_type: sellerTypeOf(offer, seller),
    is_premium: offer.memberPriceMinor !== null,
    premium_price: offer.memberPriceMinor === null ? null : amount(offer.memberPriceMinor, catalogue),
  };
}

/** What a shop-style site contributes to its ground truth. */
export interface ShopTruthSpec {
  catalogue: Catalogue;
  /** Identifiers of a product besides its content (`product_id`, `gtin`, alternative GTIN forms …). */
  identifiers(product: Product): Record<string, unknown>;
  /** Content per topic; the first entry is the default topic `search`. */
  contents(product: Product): Record<string, Record<string, unknown>>;
  /** One search result card as the driver reports it in `search_results`. */
  card(product: Product): Record<string, unknown>;
  /** Results on the first search page (the only page a term crawl reads). */
  searchPageSize: number;
  /** Absolute URL of the first search page of a term. */
  searchUrl(term: string): string;
  /** Values per key that must come back not found. */
  notFound: Record<string, string[]>;
}

/**
 * The truth of a shop-style site: per product its identifiers and `content` (topic `search`) plus
 * `content_<topic>` for other topics; per known term the top result's content with the first page of
 * `search_results`, which is what key `term` returns.
 */
export function shopTruth(spec: ShopTruthSpec): SiteTruth {
  const withTopics = (product: Product, extra: Record<string, unknown> = {}): Record<string, unknown> => {
    const entries = Object.entries(spec.contents(product)).map(
      ([topic, content], index) =>
        [index === 0 ? 'content' : `content_${topic}`, { ...content, ...extra }] as const,
    );
    return Object.fromEntries(entries);
  };
  return {
    products: spec.catalogue.products.map((product) => ({
      ...spec.identifiers(product),
      name: product.name,
      ...withTopics(product),
    })),
    terms: truthTerms(spec.catalogue).map((term) => {
      const results = searchCatalogue(spec.catalogue, term);
      const top = results[0] as Product;
      const cards = results.slice(0, spec.searchPageSize).map((product) => spec.card(product));
      return {
        term,
        search_url: spec.searchUrl(term),
        product_id: top.id,
        ...withTopics(top, { search_results: cards }),
      };
    }),
    not_found: spec.notFound,
  };
}

/** The search card most shop-style sites report: id, name, product URL and lowest offer price. */
export function lowestPriceCard(
  catalogue: Catalogue,
  productUrl: (product: Product) => string,
): (product: Product) => Record<string, unknown> {
  return (product) => ({
    product_id: product.id,
    name: product.name,
    url: productUrl(product),
    price: amount(lowestPriceMinor(product), catalogue),
  });
}

/**
 * Topic `search` content of a shop whose product page lists every offer: id, name, URL and brand,
 * then `details` (gtin, category … in the order the site reports them), the offer summary and each
 * offer's core fields followed by `offerFields`. Key order is part of the truth, so it is fixed here.
 */
export function listedOffersTruth(
  product: Product,
  catalogue: Catalogue,
  url: string,
  details: Record<string, unknown>,
  offerFields: (offer: Offer) => Record<string, unknown>,
): Record<string, unknown> {
  return {
    product_id: product.id,
    name: product.name,
    url,
    brand_name: product.brand,
    ...details,
    ...offerSummaryTruth(product, catalogue),
    offers: product.offers.map((offer, index) => ({
      ...coreOfferTruth(offer, index, catalogue),
      ...offerFields(offer),
    })),
  };
}

/** What a shop with keys `term` and `id` and the one topic `search` declares for its truth. */
export interface TermAndIdShopSpec {
  catalogue: Catalogue;
  /** Absolute URL of a product's page, as cards and content report it. */
  productUrl(product: Product): string;
  /** Absolute URL of the first search page of a term. */
  searchUrl(term: string): string;
  searchPageSize: number;
  /** Topic `search` content of a product. */
  content(product: Product): Record<string, unknown>;
}

/** `shopTruth` for a shop with keys `term` and `id`, topic `search` and lowest-price cards. */
export function termAndIdShopTruth(spec: TermAndIdShopSpec): SiteTruth {
  const { catalogue } = spec;
  return shopTruth({
    catalogue,
    identifiers: (product) => ({ product_id: product.id }),
    contents: (product) => ({ search: spec.content(product) }),
    card: lowestPriceCard(catalogue, (product) => spec.productUrl(product)),
    searchPageSize: spec.searchPageSize,
    searchUrl: (term) => spec.searchUrl(term),
    notFound: { term: catalogue.notFound.term, id: catalogue.notFound.id },
  });
}

/**
 * What a term-and-id shop whose product page lists every offer declares: its paths below the base
 * URL, the `details` of a product's content and each offer's own fields (see `listedOffersTruth`).
 */
export interface ListedOffersShopSpec {
  catalogue: Catalogue;
  /** Base URL of the storefront, as the truth input gives it. */
  baseUrl: string;
  productPath(product: Product): string;
  searchPath(term: string): string;
  searchPageSize: number;
  details: (product: Product) => Record<string, unknown>;
  offerFields: (offer: Offer) => Record<string, unknown>;
}

/** `termAndIdShopTruth` whose topic `search` content is `listedOffersTruth` of each product. */
export function listedOffersShopTruth(spec: ListedOffersShopSpec): SiteTruth {
  const { catalogue, baseUrl } = spec;
  const productUrl = (product: Product): string => baseUrl + spec.productPath(product);
  return termAndIdShopTruth({
    catalogue,
    productUrl,
    searchUrl: (term) => baseUrl + spec.searchPath(term),
    searchPageSize: spec.searchPageSize,
    content: (product) =>
      listedOffersTruth(product, catalogue, productUrl(product), spec.details(product), spec.offerFields),
  });
}

/**
 * An offer of a buy-box marketplace with member prices: the core fields, then id, title,
 * condition, seller and rating, and the members-only price if there is one.
 */
export function memberOfferTruth(offer: Offer, index: number, catalogue: Catalogue): Record<string, unknown> {
  const seller = sellerOf(offer, catalogue);
  return {
    ...coreOfferTruth(offer, index, catalogue),
    offer_id: offer.id,
    title: offer.title,
    condition: offer.condition,
    seller_id: seller.id,
    seller_rating: seller.rating,
    seller_rating_count: seller.ratingCount,
    is_premium: offer.memberPriceMinor !== null,
    premium_price: offer.memberPriceMinor === null ? null : amount(offer.memberPriceMinor, catalogue),
  };
}
