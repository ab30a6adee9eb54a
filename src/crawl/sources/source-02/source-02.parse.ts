/**
 * Parsers of source_02 pages (Amazon's markup, G34): the all-offers listing, a small page read with
 * cheerio; the search and product pages, which weigh 1.2 to 3 MB, are read by streaming scans in
 * `source-02.search.ts` and `source-02.product.ts`.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { conditionOf } from '../../parse/condition.ts';
import { loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount, totalOf } from '../../parse/values.ts';
import { amazonCurrency, currencyMarkupOf, type SellerType } from './source-02.markup.ts';

export { parseSearchPage, type SearchCard, type SearchPage } from './source-02.search.ts';
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
  const currency = amazonCurrency(
    currencyMarkupOf($),
    page,
    cleanText($('.aod-offer-price .a-offscreen').first().text()),
  );
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
