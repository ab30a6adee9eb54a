/**
 * Parsers of source_06 (Kaufhaus Nord) pages: plain HTML with the shop's own classes, so every
 * field comes from a class, a data attribute or display text.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { detectCurrency } from '../../extract/currency.ts';
import { absoluteUrl, loadPage, required } from '../../parse/page.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { coreOffer, priceStats, type SearchCard, type ShopAvailability } from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** Result tiles of a search page; a page without the result section is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('.find_searchResult').length === 0) throw new PageParseError(`no search result on ${page.url}`);
  return $('.find_tile')
    .toArray()
    .map((element) => {
      const tile = $(element);
      return {
        product_id: required(tile.attr('data-product-id'), 'tile product id', page),
        name: cleanText(tile.find('.find_tile__name').text()),
        url: absoluteUrl(
          required(tile.find('a.find_tile__productLink').attr('href'), 'tile link', page),
          page,
        ),
        price: required(parseAmount(tile.find('.find_tile__retailPrice').text()), 'tile price', page),
      };
    });
}

const AVAILABILITY: Readonly<Record<string, ShopAvailability>> = lookupTable({
  'pdp_availability--available': 'in_stock',
  'pdp_availability--delayed': 'limited',
  'pdp_availability--notAvailable': 'out_of_stock',
});

/** Availability from the modifier class of the availability badge. */
function availabilityOf(classes: string | undefined, page: FetchedPage): ShopAvailability {
  const modifier = (classes ?? '').split(/\s+/).find((name) => AVAILABILITY[name] !== undefined);
  return required(modifier === undefined ? undefined : AVAILABILITY[modifier], 'availability', page);
}

/** A product page with every seller's offer, as content. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const $ = loadPage(page);
  const product = $('.pdp_product');
  if (product.length === 0) throw new PageParseError(`no product on ${page.url}`);
  const offers = $('.pdp_seller')
    .toArray()
    .map((element, index) => {
      const row = $(element);
      const priceText = row.find('.pdp_seller__price').text();
      // Free delivery is written out in words; any other shipping text carries the amount.
      const shipping = parseAmount(row.find('.pdp_seller__shipping').text()) ?? 0;
      return {
        ...coreOffer(
          index + 1,
          required(parseAmount(priceText), 'offer price', page),
          required(detectCurrency(priceText), 'offer currency', page),
          shipping,
        ),
        title: cleanText(row.find('.pdp_seller__offerTitle').text()),
        seller_name: cleanText(row.find('.pdp_seller__nameValue').text()),
        seller_id: required(row.attr('data-seller-id'), 'seller id', page),
        availability: availabilityOf(row.find('.pdp_availability').attr('class'), page),
      };
    });
  return {
    product_id: required(product.attr('data-product-id'), 'product id', page),
    name: cleanText($('h1.pdp_short-info__main-name').text()),
    url: required($('link[rel="canonical"]').attr('href'), 'canonical link', page),
    brand_name: cleanText(product.find('.pdp_brand').text()),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
