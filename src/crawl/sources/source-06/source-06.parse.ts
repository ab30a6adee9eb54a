/**
 * Parsers of source_06 pages, modelled on otto.de (decisions G34; docs/drivers.md names the
 * scrapers and the real page they follow). Search pages: the `reptile` tile list, sponsored tiles
 * left out. Product pages: schema.org microdata first (the `sku`, name, brand, one `Offer` per
 * seller), as otto's pages carry it; classes only for what microdata lacks (offer title, shipping).
 */
import type { CheerioAPI } from 'cheerio/slim';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { itemProperty, itemValue, microdataItems } from '../../parse/microdata.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import { coreOffer, priceStats, schemaAvailability, type SearchCard } from '../kit/shop-driver.kit.ts';

/** The product id in an otto product URL: `/p/<slug>-<id>/` (`S0…` ids, or older digits). */
const idOfProductUrl = (url: string): string | undefined =>
  /\/p\/(?:[^/]*-)?([A-Z0-9]{8,12})\/?(?:[?#]|$)/.exec(url)?.[1];

/** A product link without its `#variationId=…` fragment (the page is the product's). */
function productUrl(href: string, page: FetchedPage): string {
  const url = new URL(absoluteUrl(href, page));
  url.hash = '';
  return url.toString();
}

/** Result tiles of a search page; a page without the result section is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('#reptile-search-result').length === 0) throw new PageParseError(`no search result on ${page.url}`);
  return $('#reptile-tilelist article.product')
    .toArray()
    .map((element) => $(element))
    .filter(
      (tile) => tile.attr('data-sponsored') === undefined && !/\bsimilar/.test(tile.attr('class') ?? ''),
    )
    .map((tile) => {
      const link = tile.find('a.find_tile__productLink').first();
      const href = required(link.attr('href'), 'tile link', page);
      return {
        product_id: required(tile.attr('data-product-id') ?? idOfProductUrl(href), 'tile product id', page),
        name: cleanText(tile.find('.find_tile__name').text()) || cleanText(link.attr('title')),
        url: productUrl(href, page),
        price: required(parseAmount(tile.find('.find_tile__retailPrice').text()), 'tile price', page),
      };
    });
}

/** One microdata `Offer` of the product as an offer of the content. */
function offerOf($: CheerioAPI, offer: Selection, index: number, name: string, page: FetchedPage) {
  const price = required(parseAmount(itemValue($, offer, 'price')), 'offer price', page);
  const currency = required(itemValue($, offer, 'priceCurrency'), 'offer currency', page);
  const seller = itemProperty($, offer, 'seller').first();
  // Free delivery is written out in words; any other shipping text carries the amount.
  const shipping = parseAmount(offer.find('.pdp_seller__shipping').text()) ?? 0;
  return {
    ...coreOffer(index + 1, price, currency, shipping),
    title: cleanText(offer.find('.pdp_seller__offerTitle').text()) || name,
    seller_name: seller.length > 0 ? (itemValue($, seller, 'name') ?? null) : null,
    seller_id: offer.attr('data-seller-id') ?? null,
    availability: required(schemaAvailability(itemValue($, offer, 'availability')), 'availability', page),
  };
}

/** A product page with every seller's offer, as content. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const $ = loadPage(page);
  const product = microdataItems($, 'Product').first();
  if (product.length === 0) throw new PageParseError(`no product microdata on ${page.url}`);
  const name = cleanText(itemValue($, product, 'name'));
  const offers = itemProperty($, product, 'offers')
    .toArray()
    .map((element, index) => offerOf($, $(element), index, name, page));
  const canonical = $('link[rel="canonical"]').attr('href');
  return {
    product_id: required(itemValue($, product, 'sku') ?? idOfProductUrl(page.url), 'product id', page),
    name,
    url: canonical ? absoluteUrl(canonical, page) : page.url,
    brand_name: cleanText(itemValue($, product, 'brand')),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
