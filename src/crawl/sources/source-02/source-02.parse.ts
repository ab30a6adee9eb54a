/**
 * Parsers of source_02 pages (Amazon's markup, G34): search results and the all-offers listing; the
 * product page is read in `source-02.product.ts`.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf } from '../../parse/condition.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount, totalOf } from '../../parse/values.ts';
import { amazonCurrency, type SellerType } from './source-02.markup.ts';

export interface SearchCard {
  product_id: string;
  name: string;
  price: number | null;
}

export interface SearchPage {
  /** Organic results only: sponsored cards are left out. */
  cards: SearchCard[];
  /** The sponsored cards among the results, in page order (not results; kept for checks). */
  sponsored: SearchCard[];
  /** The first card on the page, sponsored or not. */
  firstOnPage: SearchCard | undefined;
  /** ISO code of the card prices, or null on a page without prices. */
  currency: string | null;
  nextUrl: string | undefined;
}

/** A result card is an ad when the page marks it so, in any of the markings Amazon has used. */
function isSponsored(card: Selection): boolean {
  return (
    card.is('.AdHolder') ||
    card.attr('data-component-type') === 'sp-sponsored-result' ||
    card.find('.puis-sponsored-label-text, .s-sponsored-label-text').length > 0
  );
}

/**
 * Reads a search page. Cards are `[data-component-type="s-search-result"]` with the item code in
 * `data-asin`; the title is the card's title `h2` (in current markup the `a-text-normal` class sits
 * on the `h2` itself, in 2022 on a link and a span inside it, so the `h2`'s text is read once).
 */
export function parseSearchPage(page: FetchedPage): SearchPage {
  const $ = loadPage(page);
  if ($('.s-result-list, .s-main-slot').length === 0)
    throw new PageParseError(`no result list on ${page.url}`);
  const all = $('div[data-component-type="s-search-result"], div[data-component-type="sp-sponsored-result"]')
    .toArray()
    .filter((element) => ($(element).attr('data-asin') ?? '') !== '')
    .map((element) => {
      const card = $(element);
      const title = card.find('[data-cy="title-recipe"] h2').first();
      const priceText = cleanText(
        card.find('.a-price:not(.a-text-price) .a-offscreen').first().text() ||
          card.find('.a-price .a-offscreen').first().text(),
      );
      return {
        sponsored: isSponsored(card),
        priceText,
        card: {
          product_id: required(card.attr('data-asin'), 'result item code', page),
          name: cleanText((title.length > 0 ? title : card.find('h2').first()).text()),
          price: parseAmount(priceText),
        },
      };
    });
  const next = $('a.s-pagination-next').attr('href') ?? $('.a-pagination .a-last a').attr('href');
  const shownPrice = all.find((entry) => entry.priceText !== '')?.priceText ?? '';
  return {
    cards: all.filter((entry) => !entry.sponsored).map((entry) => entry.card),
    sponsored: all.filter((entry) => entry.sponsored).map((entry) => entry.card),
    firstOnPage: all[0]?.card,
    currency: shownPrice === '' ? null : amazonCurrency($, page, shownPrice),
    nextUrl: next ? absoluteUrl(next, page) : undefined,
  };
}

export { parseProductPage, type ProductPage } from './source-02.product.ts';
export type { SellerType } from './source-02.markup.ts';

/**
 * Who sells and ships an offer of the listing: the operator sells without a seller-profile link; a
 * third party that ships itself shows its own name as "ships from", otherwise the operator fulfils.
 */
function sellerTypeOf(soldBy: Selection, shipsFrom: string, sellerName: string): SellerType {
  if (soldBy.find('a').length === 0 && !soldBy.is('a')) return 'marketplace_operator';
  return shipsFrom === sellerName ? 'fulfilled_by_seller' : 'fulfilled_by_operator';
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
  const currency = amazonCurrency($, page, cleanText($('.aod-offer-price .a-offscreen').first().text()));
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
