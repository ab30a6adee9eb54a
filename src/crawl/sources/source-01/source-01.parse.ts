/**
 * Parsers of source_01 (price comparison) pages: search results, product offers, seller pages.
 * Each page is read in one streaming pass that keeps only the elements named below
 * (`src/crawl/parse/scan.ts`): no DOM, no CSS selectors.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, assertCompletePage, jsonLdProduct, required } from '../../parse/page.ts';
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
import { cleanText, parseAmount, parseCount, parseNumberAttribute, totalOf } from '../../parse/values.ts';

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
}

const SEARCH_CLASSES = keepClasses([
  'sr-resultList',
  'sr-resultItem',
  'sr-resultItem__link',
  'sr-productSummary__title',
  'sr-detailedPriceInfo__price',
  'sr-productSummary__rating',
  'sr-productSummary__ratingCount',
  'sr-productSummary__since',
  'sr-pagination__next',
]);

/** Reads a search result page; a page without the result list is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchPage {
  assertCompletePage(page);
  const kept = scanElements(page.body, (name, attribs) => name === 'time' || SEARCH_CLASSES(name, attribs));
  if (!kept.some((element) => hasClass(element, 'sr-resultList'))) {
    throw new PageParseError(`no result list on ${page.url}`);
  }
  const cards = withClass(kept, 'sr-resultItem').map((card): SearchCard => {
    const inner = card.inner;
    const link = firstWithClass(inner, 'sr-resultItem__link', 'a');
    const href = required(link?.attribs.href, 'result link', page);
    const since = insideAll(withClass(inner, 'sr-productSummary__since'));
    return {
      id: required(card.attribs['data-product-id'], 'result product id', page),
      name: cleanText(textOfClass(inner, 'sr-productSummary__title')),
      url: absoluteUrl(href, page),
      price_min: parseAmount(textOfClass(inner, 'sr-detailedPriceInfo__price')),
      rating: parseNumberAttribute(
        firstWithClass(inner, 'sr-productSummary__rating')?.attribs['data-rating'],
      ),
      rating_count: parseCount(textOfClass(inner, 'sr-productSummary__ratingCount')),
      available_since: since.find((element) => element.name === 'time')?.attribs.datetime ?? null,
    };
  });
  const next = firstWithClass(kept, 'sr-pagination__next', 'a')?.attribs.href;
  return { cards, nextUrl: next ? absoluteUrl(next, page) : undefined };
}

/** An offer row as the product page shows it; marketplace sellers come without a name. */
export interface ParsedOffer {
  title: string;
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
  'breadcrumb',
  'breadcrumb-item',
  'productOffers-list',
  'productOffers-listItem',
  'productOffers-listItemTitleInner',
  'productOffers-listItemOfferPrice',
  'productOffers-listItemOfferShippingDetails',
  'productOffers-listItemOfferDeliveryStatus',
  'productOffers-listItemOfferShopV2',
  'productOffers-listItemOfferShopV2LogoLink',
  'productOffers-listItemOfferShopV2Name',
  'productOffers-listItemOfferShopV2Rating',
  'productOffers-listItemOfferMarketplace',
  'productOffers-badge--voucher',
  'productOffers-badge--freeReturn',
]);

const keepProductElement = (name: string, attribs: Readonly<Record<string, string>>): boolean =>
  (name === 'link' && attribs.rel?.toLowerCase() === 'canonical') || PRODUCT_CLASSES(name, attribs);

/** Reads a product page: JSON-LD for identity and currency, the offer list for the offers. */
export function parseProductPage(page: FetchedPage): ProductPage {
  assertCompletePage(page);
  const product = required(jsonLdProduct(page), 'JSON-LD product', page);
  const aggregate = product.offers as Record<string, unknown> | undefined;
  const currency = required(aggregate?.priceCurrency as string | undefined, 'offer currency', page);
  const kept = scanElements(page.body, keepProductElement);
  const stages = withClass(kept, 'oopStage');
  const lists = withClass(kept, 'productOffers-list', 'ul');
  const stage = stages[0];
  if (stage === undefined || lists.length === 0) throw new PageParseError(`no offer list on ${page.url}`);
  const inStage = insideAll(stages);
  const canonical = kept.find((element) => element.name === 'link')?.attribs.href;
  return {
    id: required(stage.attribs['data-product-id'], 'product id', page),
    name: cleanText(textOfClass(inStage, 'oopStage-title')) || String(product.name ?? ''),
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    gtin: typeof product.gtin13 === 'string' ? product.gtin13 : null,
    pzn: cleanText(textOfClass(inStage, 'oopStage-pznValue')) || null,
    categoryIds: (stage.attribs['data-category-ids'] ?? '').split(',').filter((id) => id !== ''),
    categoryNames: withClass(insideAll(withClass(kept, 'breadcrumb')), 'breadcrumb-item').map((item) =>
      cleanText(item.text),
    ),
    offers: withClass(insideAll(lists), 'productOffers-listItem', 'li').map((row) =>
      parseOfferRow(row, currency, page),
    ),
  };
}

function parseOfferRow(row: ScannedElement, currency: string, page: FetchedPage): ParsedOffer {
  const inRow = row.inner;
  const price = required(
    parseAmount(textOfClass(inRow, 'productOffers-listItemOfferPrice')),
    'offer price',
    page,
  );
  const shipping = parseAmount(textOfClass(inRow, 'productOffers-listItemOfferShippingDetails')) ?? 0;
  const inShop = insideAll(withClass(inRow, 'productOffers-listItemOfferShopV2'));
  const href = firstWithClass(inShop, 'productOffers-listItemOfferShopV2LogoLink', 'a')?.attribs.href;
  const marketplace = withClass(inShop, 'productOffers-listItemOfferMarketplace');
  const isMarketplace = marketplace.length > 0;
  const status = withClass(inRow, 'productOffers-listItemOfferDeliveryStatus');
  const code = /availability--(green|orange|red)/.exec(status[0]?.attribs.class ?? '')?.[1] ?? null;
  const rating = withClass(inShop, 'productOffers-listItemOfferShopV2Rating');
  return {
    title: cleanText(textOfClass(inRow, 'productOffers-listItemTitleInner')),
    price,
    currency,
    shipping,
    total: totalOf(price, shipping),
    seller_id: required(row.attribs['data-shop-id'], 'shop id', page),
    seller_name: isMarketplace
      ? null
      : cleanText(textOfClass(inShop, 'productOffers-listItemOfferShopV2Name')) || null,
    seller_url: href ? absoluteUrl(href, page) : null,
    seller_type: isMarketplace ? 'marketplace-shop' : 'standalone-shop',
    marketplace_name: isMarketplace
      ? cleanText(textOfClass(marketplace, 'productOffers-listItemOfferMarketplace'))
      : null,
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
  const kept = scanElements(page.body, SELLER_CLASSES);
  const names = withClass(insideAll(withClass(kept, 'shopProfile')), 'shopProfile-name');
  const name = cleanText(textOfClass(names, 'shopProfile-name'));
  if (name === '') throw new PageParseError(`no seller name on ${page.url}`);
  return name;
}
