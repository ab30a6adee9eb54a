/** Parsers of source_01 (price comparison) pages: search results, product offers, seller pages. */
import { PageParseError } from '../../crawl/crawl.errors.ts';
import type { FetchedPage } from '../../crawl/crawl.types.ts';
import { absoluteUrl, jsonLdProduct, loadPage, required, type Selection } from '../../crawl/parse/page.ts';
import {
  cleanText,
  parseAmount,
  parseCount,
  parseNumberAttribute,
  totalOf,
} from '../../crawl/parse/values.ts';

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

/** Reads a search result page; a page without the result list is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchPage {
  const $ = loadPage(page);
  if ($('.sr-resultList').length === 0) throw new PageParseError(`no result list on ${page.url}`);
  const cards = $('.sr-resultItem')
    .toArray()
    .map((element): SearchCard => {
      const card = $(element);
      const href = required(card.find('a.sr-resultItem__link').attr('href'), 'result link', page);
      return {
        id: required(card.attr('data-product-id'), 'result product id', page),
        name: cleanText(card.find('.sr-productSummary__title').text()),
        url: absoluteUrl(href, page),
        price_min: parseAmount(card.find('.sr-detailedPriceInfo__price').text()),
        rating: parseNumberAttribute(card.find('.sr-productSummary__rating').attr('data-rating')),
        rating_count: parseCount(card.find('.sr-productSummary__ratingCount').text()),
        available_since: card.find('.sr-productSummary__since time').attr('datetime') ?? null,
      };
    });
  const next = $('a.sr-pagination__next').attr('href');
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

/** Reads a product page: JSON-LD for identity and currency, the offer list for the offers. */
export function parseProductPage(page: FetchedPage): ProductPage {
  const $ = loadPage(page);
  const product = required(jsonLdProduct(page), 'JSON-LD product', page);
  const aggregate = product.offers as Record<string, unknown> | undefined;
  const currency = required(aggregate?.priceCurrency as string | undefined, 'offer currency', page);
  const stage = $('.oopStage');
  const list = $('ul.productOffers-list');
  if (stage.length === 0 || list.length === 0) throw new PageParseError(`no offer list on ${page.url}`);
  const canonical = $('link[rel="canonical"]').attr('href');
  return {
    id: required(stage.attr('data-product-id'), 'product id', page),
    name: cleanText(stage.find('.oopStage-title').text()) || String(product.name ?? ''),
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    gtin: typeof product.gtin13 === 'string' ? product.gtin13 : null,
    pzn: cleanText(stage.find('.oopStage-pznValue').text()) || null,
    categoryIds: (stage.attr('data-category-ids') ?? '').split(',').filter((id) => id !== ''),
    categoryNames: $('.breadcrumb .breadcrumb-item')
      .toArray()
      .map((item) => cleanText($(item).text())),
    offers: list
      .find('li.productOffers-listItem')
      .toArray()
      .map((row) => parseOfferRow($(row), currency, page)),
  };
}

function parseOfferRow(row: Selection, currency: string, page: FetchedPage): ParsedOffer {
  const price = required(
    parseAmount(row.find('.productOffers-listItemOfferPrice').text()),
    'offer price',
    page,
  );
  const shipping = parseAmount(row.find('.productOffers-listItemOfferShippingDetails').text()) ?? 0;
  const shop = row.find('.productOffers-listItemOfferShopV2');
  const link = shop.find('a.productOffers-listItemOfferShopV2LogoLink');
  const marketplace = shop.find('.productOffers-listItemOfferMarketplace');
  const isMarketplace = marketplace.length > 0;
  const href = link.attr('href');
  const status = row.find('.productOffers-listItemOfferDeliveryStatus');
  const code = /availability--(green|orange|red)/.exec(status.attr('class') ?? '')?.[1] ?? null;
  const rating = shop.find('.productOffers-listItemOfferShopV2Rating');
  return {
    title: cleanText(row.find('.productOffers-listItemTitleInner').text()),
    price,
    currency,
    shipping,
    total: totalOf(price, shipping),
    seller_id: required(row.attr('data-shop-id'), 'shop id', page),
    seller_name: isMarketplace
      ? null
      : cleanText(shop.find('.productOffers-listItemOfferShopV2Name').text()) || null,
    seller_url: href ? absoluteUrl(href, page) : null,
    seller_type: isMarketplace ? 'marketplace-shop' : 'standalone-shop',
    marketplace_name: isMarketplace ? cleanText(marketplace.text()) : null,
    seller_rating: parseNumberAttribute(rating.attr('data-rating')),
    seller_rating_count: parseCount(rating.text()),
    voucher: row.find('.productOffers-badge--voucher').length > 0,
    free_return: row.find('.productOffers-badge--freeReturn').length > 0,
    availability_code: code,
    availability_text: cleanText(status.text()),
  };
}

/** The seller's name from its profile page. */
export function parseSellerPage(page: FetchedPage): string {
  const $ = loadPage(page);
  const name = cleanText($('.shopProfile .shopProfile-name').text());
  if (name === '') throw new PageParseError(`no seller name on ${page.url}`);
  return name;
}
