/**
 * Parsers of source_12 (ネダン比較, a Japanese price-comparison site): classic tables with the
 * site's own classes and Japanese display text.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { detectCurrency } from '../../extract/currency.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { coreOffer, priceStats, type SearchCard, type ShopAvailability } from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** Result items of a search page; a page without the result list is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('.p-result_list').length === 0) throw new PageParseError(`no result list on ${page.url}`);
  return $('.p-result_item')
    .toArray()
    .map((element) => {
      const item = $(element);
      return {
        product_id: required(item.attr('data-item-id'), 'item id', page),
        name: cleanText(item.find('a.p-item_name').text()),
        url: absoluteUrl(required(item.find('a.p-item_name').attr('href'), 'item link', page), page),
        price: required(parseAmount(item.find('.p-item_priceNum').text()), 'item price', page),
      };
    });
}

const STOCK: Readonly<Record<string, ShopAvailability>> = lookupTable({
  在庫あり: 'in_stock',
  お取り寄せ: 'limited',
  在庫なし: 'out_of_stock',
});

/**
 * The currency of a yen price. The full-width `￥` and `円` are Japanese yen; the shared detector
 * leaves the half-width `¥` open (Chinese yuan use it too), but on this Japanese site it is yen too.
 */
function currencyOf(priceText: string): string | null {
  return /[￥¥円]/u.test(priceText) ? 'JPY' : detectCurrency(priceText);
}

function offerOf(row: Selection, index: number, page: FetchedPage) {
  const priceText = row.find('.p-PTPrice_price').text();
  const stock = cleanText(row.find('.p-PTStock').text());
  const mall = cleanText(row.find('.p-PTShopData_mall').text());
  return {
    ...coreOffer(
      index + 1,
      required(parseAmount(priceText), 'offer price', page),
      required(currencyOf(priceText), 'offer currency', page),
      // `送料無料` (free shipping) has no digits; any other shipping text carries the amount.
      parseAmount(row.find('.p-PTShipping').text()) ?? 0,
    ),
    title: cleanText(row.find('.p-PTComment').text()),
    seller_name: cleanText(row.find('a.p-PTShopData_name_link').text()),
    seller_id: required(row.attr('data-shop-id'), 'shop id', page),
    marketplace_name: mall === '' ? null : mall,
    availability: required(STOCK[stock], `stock ${stock}`, page),
  };
}

/** A product page with every shop's offer, as content. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const $ = loadPage(page);
  const item = $('.p-main_item');
  if (item.length === 0) throw new PageParseError(`no product on ${page.url}`);
  const offers = $('tr.p-priceTable_row')
    .toArray()
    .map((element, index) => offerOf($(element), index, page));
  return {
    product_id: required(item.attr('data-item-id'), 'item id', page),
    name: cleanText(item.find('.p-main_title').text()),
    url: required($('link[rel="canonical"]').attr('href'), 'canonical link', page),
    brand_name: cleanText(item.find('.p-spec_maker').text()),
    category: cleanText(item.find('.p-spec_category').text()),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
