/**
 * Parsers of source_05 pages in Kaufland's markup (docs/drivers.md names the scrapers it follows):
 * structured data first. Search results are the JSON-LD `Product` list (id in `sku`), tied to the
 * `article.product` cards by their image file, sponsored cards (`.product__sponsored-ad-label`)
 * left out; product facts come from the product page's JSON-LD, buy box, statistics and offers
 * from the Nuxt state (`window.__NUXT__`). Anything missing is a `PageParseError`.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { extractJsonLd, findProductNodes, isJsonObject, type JsonObject } from '../../extract/jsonld.ts';
import { absoluteUrl, assertCompletePage, jsonLdProduct, required } from '../../parse/page.ts';
import { hasClassStem } from '../../parse/class-stem.ts';
import { skippablePieces } from '../../parse/page-text.ts';
import { scanElements, type ScannedElement } from '../../parse/scan.ts';
import {
  assignedJson,
  coreOffer,
  numberAt,
  objectAt,
  objectsAt,
  textAt,
  type SearchCard,
  type ShopAvailability,
} from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** The page's data of the Nuxt state (`window.__NUXT__.data[0]`); checks the page is complete. */
function pageDataOf(page: FetchedPage): JsonObject {
  const data = objectsAt(assignedJson(page, 'window.__NUXT__'), 'data', page)[0];
  if (!data) throw new PageParseError(`empty Nuxt state in ${page.url}`);
  return data;
}

/** A `{amount, currency}` money object. */
function moneyOf(value: JsonObject, key: string, page: FetchedPage): { amount: number; currency: string } {
  const money = objectAt(value, key, page);
  return { amount: numberAt(money, 'amount', page), currency: textAt(money, 'currency', page) };
}

/** The file name of an image URL: what ties a search card to its JSON-LD entry. */
function imageKey(url: string): string {
  return url.split('?')[0]?.split('/').at(-1) ?? '';
}

/** The first image of a JSON-LD node (`image` is a URL or a list of them). */
function ldImage(node: JsonObject): string {
  const image = node['image'];
  const first = Array.isArray(image) ? image[0] : image;
  return typeof first === 'string' ? first : '';
}

const keepCardParts = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  name === 'article' || name === 'source' || (attribs.class ?? '').includes('product__sponsored-ad-label');

/** The organic result cards of the page (sponsored ones left out), in the site's order. */
function organicCards(page: FetchedPage): ScannedElement[] {
  const articles = scanElements(skippablePieces(page), keepCardParts).filter(
    (element) => element.name === 'article' && hasClassStem(element, 'product'),
  );
  return articles.filter(
    (card) => !card.inner.some((inner) => hasClassStem(inner, 'product__sponsored-ad-label')),
  );
}

/** Result cards of a search page, in the site's order. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  // The results need no Nuxt state (real pages write it as a function call, not JSON), only a
  // complete page that is the site's app.
  assertCompletePage(page);
  if (!/<div id="__nuxt"/.test(page.body)) throw new PageParseError(`no Nuxt app root on ${page.url}`);
  const byImage = new Map<string, JsonObject>();
  for (const node of findProductNodes(extractJsonLd(page.body))) byImage.set(imageKey(ldImage(node)), node);
  return organicCards(page).map((card) => {
    const srcset = card.inner.find((inner) => inner.name === 'source')?.attribs['srcset'] ?? '';
    const node = byImage.get(imageKey(srcset.split(/[\s,]/)[0] ?? ''));
    if (!node) throw new PageParseError(`a search card without its JSON-LD entry on ${page.url}`);
    const offer = objectAt(node, 'offers', page);
    return {
      product_id: textAt(node, 'sku', page),
      name: textAt(node, 'name', page),
      url: absoluteUrl(textAt(offer, 'url', page), page),
      price: numberAt(offer, 'price', page),
    };
  });
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
  const props = pageDataOf(page);
  const product = required(jsonLdProduct(page), 'Product JSON-LD', page);
  const brand = product['brand'];
  const summary = objectAt(props, 'offerSummary', page);
  return {
    head: {
      product_id: textAt(product, 'sku', page),
      name: textAt(product, 'name', page),
      url: textAt(product, 'url', page),
      brand_name: isJsonObject(brand) ? textAt(brand, 'name', page) : textAt(product, 'brand', page),
      gtin: textAt(product, 'gtin13', page),
      category: textAt(product, 'category', page),
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
  return objectsAt(pageDataOf(page), 'offers', page).map((offer, index) => offerOf(offer, index, page));
}
