/**
 * Parsers of source_05 (Bazaro marketplace) pages. Everything is read from the Next.js state
 * (`#__NEXT_DATA__`); the visible shell carries no data worth reading.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import type { JsonObject } from '../../extract/jsonld.ts';
import { absoluteUrl, assertCompletePage, embeddedJson } from '../../parse/page.ts';
import {
  coreOffer,
  numberAt,
  objectAt,
  objectsAt,
  textAt,
  type SearchCard,
  type ShopAvailability,
} from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** The page props of a complete page. */
function pagePropsOf(page: FetchedPage): JsonObject {
  assertCompletePage(page);
  return objectAt(embeddedJson(page, '__NEXT_DATA__'), 'props.pageProps', page);
}

/** A `{amount, currency}` money object. */
function moneyOf(value: JsonObject, key: string, page: FetchedPage): { amount: number; currency: string } {
  const money = objectAt(value, key, page);
  return { amount: numberAt(money, 'amount', page), currency: textAt(money, 'currency', page) };
}

/** Result cards of a search page, in the site's order. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const listing = objectAt(pagePropsOf(page), 'listing', page);
  return objectsAt(listing, 'items', page).map((item) => ({
    product_id: textAt(item, 'id', page),
    name: textAt(item, 'name', page),
    url: absoluteUrl(textAt(item, 'url', page), page),
    price: moneyOf(item, 'lowestPrice', page).amount,
  }));
}

const STOCK: Readonly<Record<string, ShopAvailability>> = lookupTable({
  IN_STOCK: 'in_stock',
  LOW_STOCK: 'limited',
  OUT_OF_STOCK: 'out_of_stock',
});

const SELLER_TYPES: Readonly<Record<string, string>> = lookupTable({
  OPERATOR: 'marketplace_operator',
  BAZARO_FULFILMENT: 'fulfilled_by_operator',
  SELLER: 'fulfilled_by_seller',
});

/** A members-only price, or null when the offer has none. */
function plusPriceOf(value: JsonObject, page: FetchedPage): number | null {
  return value['plusPrice'] === null ? null : moneyOf(value, 'plusPrice', page).amount;
}

/** One offer of the state as content. */
function offerOf(value: JsonObject, index: number, page: FetchedPage): Record<string, unknown> {
  const price = moneyOf(value, 'price', page);
  const seller = objectAt(value, 'seller', page);
  const availability = STOCK[textAt(value, 'stock', page)];
  if (!availability) throw new PageParseError(`unknown stock state on ${page.url}`);
  const premiumPrice = plusPriceOf(value, page);
  return {
    ...coreOffer(index + 1, price.amount, price.currency, moneyOf(value, 'delivery', page).amount),
    offer_id: textAt(value, 'offerId', page),
    title: textAt(value, 'title', page),
    condition: textAt(value, 'condition', page).toLowerCase(),
    seller_name: textAt(seller, 'name', page),
    seller_id: textAt(seller, 'id', page),
    seller_rating: numberAt(seller, 'rating', page),
    seller_rating_count: numberAt(seller, 'ratingCount', page),
    availability,
    is_premium: premiumPrice !== null,
    premium_price: premiumPrice,
  };
}

/** A product page: product facts, buy box, the site's offer statistics and the top offers. */
export interface ProductPage {
  head: Record<string, unknown>;
  stats: { price_min: number; price_max: number; price_avg: number; offers_count: number };
  topOffers: Record<string, unknown>[];
}

export function parseProductPage(page: FetchedPage): ProductPage {
  const props = pagePropsOf(page);
  const product = objectAt(props, 'product', page);
  const summary = objectAt(props, 'offerSummary', page);
  return {
    head: {
      product_id: textAt(product, 'id', page),
      name: textAt(product, 'name', page),
      url: textAt(product, 'url', page),
      brand_name: textAt(product, 'brand', page),
      gtin: textAt(product, 'gtin', page),
      category: textAt(product, 'categoryName', page),
      ...buyBoxOf(props, page),
    },
    stats: {
      price_min: moneyOf(summary, 'lowest', page).amount,
      price_max: moneyOf(summary, 'highest', page).amount,
      price_avg: moneyOf(summary, 'average', page).amount,
      offers_count: numberAt(summary, 'count', page),
    },
    topOffers: objectsAt(props, 'topOffers', page).map((offer, index) => offerOf(offer, index, page)),
  };
}

/** The buy-box object of spec 2.4; all empty when no offer holds the buy box (`buyBox: null`). */
function buyBoxOf(props: JsonObject, page: FetchedPage): Record<string, unknown> {
  if (props['buyBox'] === null)
    return { buybox: null, seller_type: null, is_premium: false, premium_price: null };
  const buyBox = objectAt(props, 'buyBox', page);
  const seller = objectAt(buyBox, 'seller', page);
  const sellerType = SELLER_TYPES[textAt(buyBox, 'fulfilment', page)];
  if (!sellerType) throw new PageParseError(`unknown fulfilment on ${page.url}`);
  const premiumPrice = plusPriceOf(buyBox, page);
  return {
    buybox: {
      price: moneyOf(buyBox, 'price', page).amount,
      seller_name: textAt(seller, 'name', page),
      seller_id: textAt(seller, 'id', page),
    },
    seller_type: sellerType,
    is_premium: premiumPrice !== null,
    premium_price: premiumPrice,
  };
}

/** Every offer of the offer listing page. */
export function parseOffersPage(page: FetchedPage): Record<string, unknown>[] {
  return objectsAt(pagePropsOf(page), 'offers', page).map((offer, index) => offerOf(offer, index, page));
}
