/**
 * Parsers of source_08 (Preisland) pages: search tiles and product pages from schema.org
 * microdata, the offer listing's details from its classes and data attributes.
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { itemProperty, itemValue, microdataItems } from '../../parse/microdata.ts';
import { absoluteUrl, loadPage, required, type Selection } from '../../parse/page.ts';
import { cleanText, parseCount, parseNumberAttribute } from '../../parse/values.ts';
import type { CheerioAPI } from 'cheerio/slim';
import { coreOffer, priceStats, schemaAvailability, type SearchCard } from '../kit/shop-driver.kit.ts';

/** A microdata number (`content="19.99"`), or a `PageParseError`. */
function itemNumber($: CheerioAPI, item: Selection, name: string, page: FetchedPage): number {
  return required(parseNumberAttribute(itemValue($, item, name)), name, page);
}

/** Result tiles of a search page; a page without the result list is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('.results[data-total]').length === 0) throw new PageParseError(`no result list on ${page.url}`);
  return microdataItems($, 'Product')
    .toArray()
    .map((element) => {
      const tile = $(element);
      const offers = itemProperty($, tile, 'offers').first();
      return {
        product_id: required(itemValue($, tile, 'productID'), 'tile product id', page),
        name: required(itemValue($, tile, 'name'), 'tile name', page),
        url: absoluteUrl(required(itemValue($, tile, 'url'), 'tile link', page), page),
        price: itemNumber($, offers, 'lowPrice', page),
      };
    });
}

/** One nested `Offer` item as content. */
function offerOf($: CheerioAPI, offer: Selection, index: number, page: FetchedPage) {
  const seller = itemProperty($, offer, 'seller').first();
  const rate = itemProperty($, itemProperty($, offer, 'shippingDetails').first(), 'shippingRate').first();
  return {
    ...coreOffer(
      index + 1,
      itemNumber($, offer, 'price', page),
      required(itemValue($, offer, 'priceCurrency'), 'offer currency', page),
      itemNumber($, rate, 'value', page),
    ),
    offer_id: required(offer.attr('data-offer-id'), 'offer id', page),
    seller_name: required(itemValue($, seller, 'name'), 'seller name', page),
    availability: required(schemaAvailability(itemValue($, offer, 'availability')), 'availability', page),
  };
}

/** A product page as content for topic `search`: the microdata product with every offer. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const $ = loadPage(page);
  const product = microdataItems($, 'Product').first();
  if (product.length === 0) throw new PageParseError(`no product on ${page.url}`);
  const aggregate = itemProperty($, product, 'offers').first();
  const offers = itemProperty($, aggregate, 'offers')
    .toArray()
    .map((element, index) => offerOf($, $(element), index, page));
  return {
    product_id: required(itemValue($, product, 'productID'), 'product id', page),
    name: required(itemValue($, product, 'name'), 'product name', page),
    url: absoluteUrl(required(itemValue($, product, 'url'), 'product url', page), page),
    brand_name: itemValue($, itemProperty($, product, 'brand').first(), 'name') ?? null,
    gtin: required(itemValue($, product, 'gtin13'), 'GTIN', page),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}

/** Offer details of the offer listing, by offer id. */
export function parseOffersPage(page: FetchedPage): Map<string, Record<string, unknown>> {
  const $ = loadPage(page);
  if ($('.offer-table').length === 0) throw new PageParseError(`no offer table on ${page.url}`);
  const details = new Map<string, Record<string, unknown>>();
  for (const element of $('.offer-row').toArray()) {
    const row = $(element);
    const rating = row.find('.offer-row__rating');
    details.set(required(row.attr('data-offer-id'), 'offer id', page), {
      seller_id: required(row.attr('data-seller-id'), 'seller id', page),
      seller_rating: parseNumberAttribute(rating.attr('data-rating')),
      seller_rating_count: parseCount(rating.text()),
      condition: required(row.find('.offer-row__condition').attr('data-condition'), 'condition', page),
      title: cleanText(row.find('.offer-row__title').text()),
    });
  }
  return details;
}
