/** Parsers of source_02 (general marketplace) pages: search results, product page, all-offers listing. */
import type { CheerioAPI } from 'cheerio/slim';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf } from '../../parse/condition.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount, totalOf } from '../../parse/values.ts';

export interface SearchCard {
  product_id: string;
  name: string;
  price: number | null;
}

export interface SearchPage {
  /** Organic results only: sponsored cards are left out. */
  cards: SearchCard[];
  nextUrl: string | undefined;
}

/** Reads a search page; sponsored cards (`sp-sponsored-result`) are not results. */
export function parseSearchPage(page: FetchedPage): SearchPage {
  const $ = loadPage(page);
  if ($('.s-result-list').length === 0) throw new PageParseError(`no result list on ${page.url}`);
  const cards = $('div[data-component-type="s-search-result"]')
    .toArray()
    .map((element) => {
      const card = $(element);
      return {
        product_id: required(card.attr('data-asin'), 'result item code', page),
        name: cleanText(card.find('h2 .a-text-normal').text()),
        price: parseAmount(card.find('.a-price .a-offscreen').first().text()),
      };
    });
  const next = $('.a-pagination .a-last a').attr('href');
  return { cards, nextUrl: next ? absoluteUrl(next, page) : undefined };
}

export type SellerType = 'marketplace_operator' | 'fulfilled_by_operator' | 'fulfilled_by_seller';

/**
 * Who sells and ships: the operator sells without a seller-profile link; a third party that ships
 * itself shows its own name as "ships from", otherwise the operator fulfils.
 */
function sellerTypeOf(soldBy: Selection, shipsFrom: string, sellerName: string): SellerType {
  if (soldBy.find('a').length === 0 && !soldBy.is('a')) return 'marketplace_operator';
  return shipsFrom === sellerName ? 'fulfilled_by_seller' : 'fulfilled_by_operator';
}

export interface ProductPage {
  product_id: string;
  name: string;
  url: string;
  brand_name: string | null;
  category: string | null;
  currency: string;
  buybox: { price: number; seller_name: string; seller_id: string } | null;
  seller_type: SellerType | null;
  is_premium: boolean;
  premium_price: number | null;
}

function currencyOf($: CheerioAPI, page: FetchedPage): string {
  return required($('#currencyOfPreference').attr('value'), 'currency', page);
}

/** Reads a product page and its buy box (absent when no offer can be bought). */
export function parseProductPage(page: FetchedPage): ProductPage {
  const $ = loadPage(page);
  const container = $('#dp');
  if (container.length === 0 || $('#buybox').length === 0)
    throw new PageParseError(`no product on ${page.url}`);
  const canonical = $('link[rel="canonical"]').attr('href');
  const priceText = $('#corePrice_feature_div .a-offscreen').first().text();
  const memberPrice = parseAmount($('#memberPrice_feature_div .a-offscreen').first().text());
  let buybox: ProductPage['buybox'] = null;
  let sellerType: SellerType | null = null;
  if (priceText !== '') {
    const soldBy = $('#merchantInfoFeature_feature_div .offer-display-feature-text-message');
    const sellerName = cleanText(soldBy.text());
    buybox = {
      price: required(parseAmount(priceText), 'buy-box price', page),
      seller_name: sellerName,
      seller_id: required($('#merchantID').attr('value'), 'buy-box seller id', page),
    };
    const shipsFrom = cleanText(
      $('#fulfillerInfoFeature_feature_div .offer-display-feature-text-message').text(),
    );
    sellerType = sellerTypeOf($('#merchantInfoFeature_feature_div'), shipsFrom, sellerName);
  }
  return {
    product_id: required(container.attr('data-asin'), 'item code', page),
    name: cleanText($('#productTitle').text()),
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    brand_name: cleanText($('tr.po-brand .po-break-word').text()) || null,
    category: cleanText($('#wayfinding-breadcrumbs_feature_div li a').first().text()) || null,
    currency: currencyOf($, page),
    buybox,
    seller_type: sellerType,
    is_premium: buybox !== null && memberPrice !== null,
    premium_price: buybox === null ? null : memberPrice,
  };
}

export interface ListedOffer {
  seller_id: string;
  seller_name: string;
  seller_type: SellerType;
  condition: string;
  is_premium: boolean;
  premium_price: number | null;
  price: number;
  shipping: number;
  total: number;
  currency: string;
}

/** Reads the all-offers listing; the announced offer count must match the rows read. */
export function parseOffersPage(page: FetchedPage): ListedOffer[] {
  const $ = loadPage(page);
  if ($('#aod-container').length === 0) throw new PageParseError(`no offer listing on ${page.url}`);
  const currency = currencyOf($, page);
  const offers = $('.aod-offer')
    .toArray()
    .map((element): ListedOffer => {
      const row = $(element);
      const soldBy = row.find('.aod-offer-soldBy');
      const sellerName = cleanText(soldBy.find('.offer-display-feature-text-message').text());
      const price = required(
        parseAmount(row.find('.aod-offer-price .a-offscreen').text()),
        'offer price',
        page,
      );
      const shipping = parseAmount(row.find('.aod-delivery-promise').text()) ?? 0;
      const memberPrice = parseAmount(row.find('.aod-member-price .a-offscreen').text());
      return {
        seller_id: required(soldBy.find('input[name="sellerId"]').attr('value'), 'offer seller id', page),
        seller_name: sellerName,
        seller_type: sellerTypeOf(soldBy, cleanText(row.find('.aod-offer-shipsFrom').text()), sellerName),
        condition: conditionOf(cleanText(row.find('.aod-offer-heading').text())),
        is_premium: memberPrice !== null,
        premium_price: memberPrice,
        price,
        shipping,
        total: totalOf(price, shipping),
        currency,
      };
    });
  const announced = Number($('#aod-total-offer-count').attr('data-count'));
  if (Number.isInteger(announced) && announced !== offers.length) {
    throw new PageParseError(`offer listing shows ${offers.length} of ${announced} offers: ${page.url}`);
  }
  return offers;
}
