/** Shapes of the sandbox catalogue: what every simulated site sells, and how. */
import type { SourceId } from '../../crawl/vocabulary/sources.types.ts';
import type { Rng } from '../random.ts';
import type { Labels } from './labels.ts';
import type { StorefrontLocale } from './locale.ts';
import type { CategoryDefinition } from './vocabulary.ts';

/** How a site shapes its share of the catalogue. Each site file declares one. */
export interface CatalogueProfile {
  source: SourceId;
  /** Products per storefront. */
  productCount: number;
  /** The site's own product id (numeric id, item code, ...); must be unique per storefront. */
  makeProductId(rng: Rng): string;
  /** Offer (listing) id; unique per storefront. */
  makeOfferId(rng: Rng): string;
  makeSellerId(rng: Rng): string;
  offersPerProduct: { min: number; max: number };
  /** Standalone shops and marketplace sellers per storefront. */
  shopCount: number;
  marketplaceSellerCount: number;
  /** Marketplaces hosting the marketplace sellers (shown as `marketplace_name`). */
  marketplaces: readonly string[];
  /** Share of offers from marketplace sellers (the rest come from shops). */
  marketplaceShare: number;
  /** A site that sells itself (a general marketplace) names its operator; it wins many offers. */
  operatorName?: string;
  /** Share of offers that carry a members-only price. */
  memberPriceShare: number;
  /** Pharmacy products get a PZN on these storefronts. */
  pznStorefronts: readonly string[];
}

export type AvailabilityCode = 'green' | 'orange' | 'red';
export type OfferCondition = 'new' | 'used' | 'refurbished';
export type WrongProductKind = 'accessory' | 'refurbished' | 'used';

/** A merchant: a standalone shop, a marketplace seller, or the marketplace operator itself. */
export interface Seller {
  id: string;
  name: string;
  kind: 'shop' | 'marketplace' | 'operator';
  /** Marketplace hosting a marketplace seller, else null. */
  marketplaceName: string | null;
  /** Shop home page (standalone shops only). */
  homepage: string | null;
  /** 1.0..5.0 with one decimal. */
  rating: number;
  ratingCount: number;
}

/** One seller's offer for a product, in the storefront's currency (minor units). */
export interface Offer {
  id: string;
  sellerId: string;
  priceMinor: number;
  shippingMinor: number;
  /** Members-only price when the offer has one, else null. */
  memberPriceMinor: number | null;
  availability: AvailabilityCode;
  voucher: boolean;
  freeReturn: boolean;
  condition: OfferCondition;
  /** Fulfilment by the marketplace operator (general marketplaces). */
  fulfilledByOperator: boolean;
  /** The seller's own title for the offer. */
  title: string;
  /** Planted: price far off the product's price level. */
  outlier: boolean;
  /** Planted: the offer is not the requested product (accessory, refurbished or used item). */
  wrongProduct: WrongProductKind | null;
}

/** A product as one storefront of one site sells it. */
export interface Product {
  /** The site's product id. */
  id: string;
  gtin: string;
  pzn: string | null;
  mpn: string;
  brand: string;
  series: string;
  /** Localized full name. */
  name: string;
  category: CategoryDefinition;
  /** 1.0..5.0 with one decimal. */
  rating: number;
  ratingCount: number;
  /** ISO date the product was first listed. */
  availableSince: string;
  /** The product's typical local price (minor units), before per-offer variation. */
  referencePriceMinor: number;
  /** Offers in the site's own ranking. */
  offers: Offer[];
}

/** Identifier values that exist nowhere in the storefront, per value key. */
export interface NotFoundValues {
  gtin: string[];
  id: string[];
  pzn: string[];
  term: string[];
}

/** The complete, memoized catalogue of one (site, storefront). */
export interface Catalogue {
  profile: CatalogueProfile;
  storefront: string;
  seed: number;
  locale: StorefrontLocale;
  labels: Labels;
  products: readonly Product[];
  sellers: ReadonlyMap<string, Seller>;
  productById: ReadonlyMap<string, Product>;
  productByGtin: ReadonlyMap<string, Product>;
  productByPzn: ReadonlyMap<string, Product>;
  offerById: ReadonlyMap<string, { product: Product; offer: Offer }>;
  /** Free-text terms that find products (brands, brand + series, category words). */
  knownTerms: readonly string[];
  notFound: NotFoundValues;
}
