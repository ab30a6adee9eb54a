/**
 * Parsers of source_01 pages, modelled on idealo (decisions G34; docs/drivers.md names the scrapers
 * the markup was taken from). Each page is read in one streaming pass that keeps only the elements
 * named below (`src/crawl/parse/scan.ts`): no DOM, no CSS selectors. Search pages carry CSS-module
 * classes with build hashes, matched by stem; ids come from the JSON the site embeds (the wishlist
 * heart, JSON-LD, the offers' tracking payload) before any text.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { findProductNodes, isJsonObject, typesOf } from '../../extract/jsonld.ts';
import { absoluteUrl, assertCompletePage, required, scanWithJsonLd } from '../../parse/page.ts';
import { skippablePieces } from '../../parse/page-text.ts';
import {
  firstWithClass,
  hasClass,
  insideAll,
  keepClasses,
  scanElements,
  textOfClass,
  withClass,
  type ScannedElement,
} from '../../parse/scan.ts';
import {
  firstWithClassStem,
  hasClassStem,
  keepClassStems,
  textOfClassStem,
  withClassStem,
} from '../../parse/class-stem.ts';
import { cleanText, parseAmount, parseCount, parseNumberAttribute, totalOf } from '../../parse/values.ts';
import { conditionOfTitle } from '../../parse/condition.ts';

/** One result card of a search page. */
export interface SearchCard {
  id: string;
  name: string;
  url: string;
  price_min: number | null;
  rating: number | null;
  rating_count: number | null;
  available_since: string | null;
}

export interface SearchPage {
  cards: SearchCard[];
  /** Absolute URL of the next result page, if there is one. */
  nextUrl: string | undefined;
  /** Tiles left out: sponsored products and ad slots. */
  skipped: number;
}

const SEARCH_STEMS = keepClassStems([
  'sr-resultList',
  'sr-resultList__item',
  'sr-sponsoredLabel',
  'sr-resultItemLink',
  'sr-productSummary__title',
  'sr-detailedPriceInfo__price',
  'sr-productSummary__rating',
  'sr-productSummary__ratingCount',
  'sr-productSummary__since',
  'sr-pagination',
]);

const keepSearchElement = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  name === 'time' ||
  attribs['data-wishlist-heart'] !== undefined ||
  (name === 'a' && attribs.rel === 'next') ||
  SEARCH_STEMS(name, attribs);

/** The product id of a tile: the wishlist heart's JSON, else the product link's path. */
function tileProductId(inner: readonly ScannedElement[], href: string | undefined): string | undefined {
  const heart = inner.find((element) => element.attribs['data-wishlist-heart'] !== undefined);
  if (heart) {
    try {
      const data: unknown = JSON.parse(heart.attribs['data-wishlist-heart'] ?? '');
      if (isJsonObject(data) && (typeof data.id === 'string' || typeof data.id === 'number')) {
        return String(data.id);
      }
    } catch {
      // an unreadable heart: fall back to the link below
    }
  }
  return href === undefined ? undefined : /OffersOfProduct\/(\d+)/.exec(href)?.[1];
}

/** Reads a search result page; a page without the result list is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchPage {
  assertCompletePage(page);
  const kept = scanElements(skippablePieces(page), keepSearchElement);
  const list = kept.find((element) => hasClassStem(element, 'sr-resultList'));
  if (list === undefined) throw new PageParseError(`no result list on ${page.url}`);
  let skipped = 0;
  const cards: SearchCard[] = [];
  for (const tile of withClassStem(list.inner, 'sr-resultList__item')) {
    const inner = tile.inner;
    const href = firstWithClassStem(inner, 'sr-resultItemLink', 'a')?.attribs.href;
    const id = tileProductId(inner, href);
    // Sponsored products and ad slots sit among the results but are none of them.
    if (hasClassStemIn(inner, 'sr-sponsoredLabel') || id === undefined || href === undefined) {
      skipped += 1;
      continue;
    }
    const since = insideAll(withClassStem(inner, 'sr-productSummary__since'));
    cards.push({
      id,
      name: cleanText(textOfClassStem(inner, 'sr-productSummary__title')),
      url: absoluteUrl(href, page),
      price_min: parseAmount(textOfClassStem(inner, 'sr-detailedPriceInfo__price')),
      rating: parseNumberAttribute(
        firstWithClassStem(inner, 'sr-productSummary__rating')?.attribs['data-rating'],
      ),
      rating_count: parseCount(textOfClassStem(inner, 'sr-productSummary__ratingCount')),
      available_since: since.find((element) => element.name === 'time')?.attribs.datetime ?? null,
    });
  }
  const pagination = insideAll(withClassStem(kept, 'sr-pagination'));
  const next = pagination.find((element) => element.name === 'a' && element.attribs.rel === 'next')?.attribs
    .href;
  return { cards, nextUrl: next ? absoluteUrl(next, page) : undefined, skipped };
}

const hasClassStemIn = (elements: readonly ScannedElement[], stem: string): boolean =>
  elements.some((element) => hasClassStem(element, stem));

/** An offer row as the product page shows it; marketplace sellers come without a name. */
export interface ParsedOffer {
  title: string;
  /** `new`, `used` or `refurbished`, as the offer's title states it (G38). */
  condition: string;
  price: number;
  currency: string;
  shipping: number;
  total: number;
  seller_id: string;
  seller_name: string | null;
  seller_url: string | null;
  seller_type: 'standalone-shop' | 'marketplace-shop';
  marketplace_name: string | null;
  seller_rating: number | null;
  seller_rating_count: number | null;
  voucher: boolean;
  free_return: boolean;
  availability_code: string | null;
  availability_text: string;
}

export interface ProductPage {
  id: string;
  name: string;
  url: string;
  gtin: string | null;
  pzn: string | null;
  categoryIds: string[];
  /** Breadcrumb names; empty where the storefront shows none. */
  categoryNames: string[];
  offers: ParsedOffer[];
}

const PRODUCT_CLASSES = keepClasses([
  'oopStage',
  'oopStage-title',
  'oopStage-pznValue',
  'productOffers-list',
  'productOffers-listItem',
  'productOffers-listItemTitleInner',
  'productOffers-listItemOfferPrice',
  'productOffers-listItemOfferShippingDetails',
  'productOffers-listItemOfferDeliveryStatus',
  'productOffers-listItemOfferShopV2',
  'productOffers-listItemOfferShopV2LogoLink',
  'productOffers-listItemOfferShopV2LogoImage',
  'productOffers-listItemOfferShopV2MarketPlaceMerchant',
  'productOffers-listItemOfferShopV2Rating',
  'productOffers-badge--voucher',
  'productOffers-badge--freeReturn',
]);

const keepProductElement = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  (name === 'link' && attribs.rel?.toLowerCase() === 'canonical') || PRODUCT_CLASSES(name, attribs);

/** The product id in a product URL (`/OffersOfProduct/<id>_-<slug>.html`). */
const idOfProductUrl = (url: string | undefined): string | undefined =>
  url === undefined ? undefined : /OffersOfProduct\/(\d+)/.exec(url)?.[1];

/** Category ids and names of the page's JSON-LD breadcrumb (ids from the category links). */
function breadcrumbOf(jsonLd: readonly unknown[]): { ids: string[]; names: string[] } {
  const list = jsonLd.find((node) => isJsonObject(node) && typesOf(node).includes('breadcrumblist'));
  const items = isJsonObject(list) && Array.isArray(list.itemListElement) ? list.itemListElement : [];
  const ids: string[] = [];
  const names: string[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) continue;
    if (typeof item.name === 'string') names.push(item.name);
    const link = isJsonObject(item.item) ? item.item['@id'] : item.item;
    const id = typeof link === 'string' ? /ProductCategory\/(\d+)/.exec(link)?.[1] : undefined;
    if (id !== undefined) ids.push(id);
  }
  return { ids, names };
}

/** Reads a product page: JSON-LD for identity, currency and categories, the offer list for the offers. */
export function parseProductPage(page: FetchedPage): ProductPage {
  assertCompletePage(page);
  // One reading of the page for the offer list and the JSON-LD; the checks keep their order.
  const { kept, jsonLd } = scanWithJsonLd(page, keepProductElement);
  const product = required(findProductNodes(jsonLd)[0], 'JSON-LD product', page);
  const aggregate = product.offers as Record<string, unknown> | undefined;
  const currency = required(aggregate?.priceCurrency as string | undefined, 'offer currency', page);
  const lists = withClass(kept, 'productOffers-list', 'ul');
  if (lists.length === 0) throw new PageParseError(`no offer list on ${page.url}`);
  const inStage = insideAll(withClass(kept, 'oopStage'));
  const canonical = kept.find((element) => element.name === 'link')?.attribs.href;
  const sku =
    typeof product.sku === 'string' || typeof product.sku === 'number' ? String(product.sku) : undefined;
  const breadcrumb = breadcrumbOf(jsonLd);
  return {
    id: required(sku ?? idOfProductUrl(canonical) ?? idOfProductUrl(page.url), 'product id', page),
    name: cleanText(textOfClass(inStage, 'oopStage-title')) || String(product.name ?? ''),
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    gtin: typeof product.gtin13 === 'string' ? product.gtin13 : null,
    pzn: cleanText(textOfClass(inStage, 'oopStage-pznValue')) || null,
    categoryIds: breadcrumb.ids,
    categoryNames: breadcrumb.names,
    offers: withClass(insideAll(lists), 'productOffers-listItem', 'li').map((row) =>
      parseOfferRow(row, currency, page),
    ),
  };
}

/** The shop id in the price link's tracking payload (a JSON attribute). */
function shopIdOf(priceLink: ScannedElement | undefined): string | undefined {
  try {
    const payload: unknown = JSON.parse(priceLink?.attribs['data-gtm-payload'] ?? '');
    const id = isJsonObject(payload) ? payload.shop_id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}

/** A shop logo's alt text is "<shop> - Shop aus <city>" on idealo.de: the shop part. */
const shopNameOfLogo = (alt: string | undefined): string =>
  cleanText(alt).replace(/\s+-\s+Shop aus\s.*$/i, '');

function parseOfferRow(row: ScannedElement, currency: string, page: FetchedPage): ParsedOffer {
  const inRow = row.inner;
  const priceLink = firstWithClass(inRow, 'productOffers-listItemOfferPrice');
  const price = required(parseAmount(priceLink?.text), 'offer price', page);
  const shipping = parseAmount(textOfClass(inRow, 'productOffers-listItemOfferShippingDetails')) ?? 0;
  const inShop = insideAll(withClass(inRow, 'productOffers-listItemOfferShopV2'));
  const href = firstWithClass(inShop, 'productOffers-listItemOfferShopV2LogoLink', 'a')?.attribs.href;
  const logo = shopNameOfLogo(
    firstWithClass(inShop, 'productOffers-listItemOfferShopV2LogoImage')?.attribs.alt,
  );
  const isMarketplace = inShop.some((element) =>
    hasClass(element, 'productOffers-listItemOfferShopV2MarketPlaceMerchant'),
  );
  const status = withClass(inRow, 'productOffers-listItemOfferDeliveryStatus');
  const code = /availability--(green|orange|red)/.exec(status[0]?.attribs.class ?? '')?.[1] ?? null;
  const rating = withClass(inShop, 'productOffers-listItemOfferShopV2Rating');
  const title = cleanText(textOfClass(inRow, 'productOffers-listItemTitleInner'));
  return {
    title,
    condition: conditionOfTitle(title),
    price,
    currency,
    shipping,
    total: totalOf(price, shipping),
    seller_id: required(shopIdOf(priceLink), 'shop id', page),
    seller_name: isMarketplace ? null : logo || null,
    seller_url: href ? absoluteUrl(href, page) : null,
    seller_type: isMarketplace ? 'marketplace-shop' : 'standalone-shop',
    marketplace_name: isMarketplace ? logo : null,
    seller_rating: parseNumberAttribute(rating[0]?.attribs['data-rating']),
    seller_rating_count: parseCount(textOfClass(rating, 'productOffers-listItemOfferShopV2Rating')),
    voucher: inRow.some((element) => hasClass(element, 'productOffers-badge--voucher')),
    free_return: inRow.some((element) => hasClass(element, 'productOffers-badge--freeReturn')),
    availability_code: code,
    availability_text: cleanText(textOfClass(status, 'productOffers-listItemOfferDeliveryStatus')),
  };
}

const SELLER_CLASSES = keepClasses(['shopProfile', 'shopProfile-name']);

/** The seller's name from its profile page. */
export function parseSellerPage(page: FetchedPage): string {
  assertCompletePage(page);
  const kept = scanElements(skippablePieces(page), SELLER_CLASSES);
  const names = withClass(insideAll(withClass(kept, 'shopProfile')), 'shopProfile-name');
  const name = cleanText(textOfClass(names, 'shopProfile-name'));
  if (name === '') throw new PageParseError(`no seller name on ${page.url}`);
  return name;
}
