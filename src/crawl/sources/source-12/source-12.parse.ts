/**
 * Parsers of source_12 pages, modelled on kakaku.com (decisions G34; docs/drivers.md names the
 * scrapers the markup was taken from): the `p-result_item` list and the `p-priceTable` of shops.
 * Pages arrive as Shift_JIS and are decoded by the fetcher (the `content-type` charset, else the
 * page's `<meta>`). Ids come from where kakaku puts them: the item URL `/item/K…/`, the shop URL
 * `/shop/<id>/`.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { detectCurrency } from '../../extract/currency.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { coreOffer, priceStats, type SearchCard, type ShopAvailability } from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

const itemIdOf = (url: string | undefined): string | undefined =>
  url === undefined ? undefined : /\/item\/(K\d{10})\//.exec(url)?.[1];

/**
 * Result items of a search page; a page without the result list is not a search page. PR items
 * link out through a redirect, not to an item page, and are left out.
 */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('.p-result_list').length === 0) throw new PageParseError(`no result list on ${page.url}`);
  const cards: SearchCard[] = [];
  for (const element of $('.p-result_item').toArray()) {
    const item = $(element);
    const link = item.find('.p-item_name a').first();
    const href = link.attr('href');
    const productId = itemIdOf(href);
    if (href === undefined || productId === undefined) continue;
    cards.push({
      product_id: productId,
      name: cleanText(link.text()),
      url: absoluteUrl(href, page),
      price: required(parseAmount(item.find('.p-item_price_num').text()), 'item price', page),
    });
  }
  return cards;
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
  const shop = row.find('.p-PTShopData_name a.p-PTShopData_name_link').first();
  return {
    ...coreOffer(
      index + 1,
      required(parseAmount(priceText), 'offer price', page),
      required(currencyOf(priceText), 'offer currency', page),
      // `送料無料` (free shipping) has no digits; any other shipping text carries the amount.
      parseAmount(row.find('.p-PTShipping').text()) ?? 0,
    ),
    title: cleanText(row.find('.p-PTComment').text()),
    seller_name: cleanText(shop.text()),
    seller_id: required(/\/shop\/(\d+)\//.exec(shop.attr('href') ?? '')?.[1], 'shop id', page),
    marketplace_name: mall === '' ? null : mall,
    availability: required(STOCK[stock], `stock ${stock}`, page),
  };
}

/** A product page with every shop's offer, as content. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const $ = loadPage(page);
  const table = $('table.p-priceTable');
  if (table.length === 0) throw new PageParseError(`no price table on ${page.url}`);
  const offers = table
    .find('tr.p-priceTable_row')
    .toArray()
    .map((element, index) => offerOf($(element), index, page));
  const canonical = required($('link[rel="canonical"]').attr('href'), 'canonical link', page);
  return {
    product_id: required(itemIdOf(canonical) ?? itemIdOf(page.url), 'item id', page),
    name: cleanText($('#titleBox .boxL h2').first().text()),
    url: canonical,
    brand_name: cleanText($('.p-spec_maker').first().text()),
    category: cleanText($('.p-spec_category').first().text()),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
