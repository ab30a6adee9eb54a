/**
 * Parsers of source_07 pages, modelled on MediaMarkt (decisions G34; docs/drivers.md names the
 * scrapers the markup was taken from): product data and every seller's offer from the schema.org
 * JSON-LD (a `BuyAction` whose `object` is the product, or a plain `Product`), search cards from
 * their `data-test` attributes (styled-components classes carry hashes and are never read), the
 * product id from the product URL, sponsored cards left out.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { isJsonObject, type JsonObject } from '../../extract/jsonld.ts';
import {
  absoluteUrl,
  assertCompletePage,
  jsonLdProduct,
  loadPage,
  required,
  type Selection,
} from '../../parse/page.ts';
import { cleanText } from '../../parse/values.ts';
import {
  coreOffer,
  numberAt,
  objectAt,
  objectsAt,
  priceStats,
  schemaAvailability,
  textAt,
  type SearchCard,
} from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** The product id in a MediaMarkt product URL: `/product/_<slug>-<id>.html`. */
const idOfProductUrl = (url: string): string | undefined =>
  /\/product\/_(?:[^/]*-)?(\d+)\.html/.exec(url)?.[1];

/** A price split as MediaMarkt writes it: whole euros `1.299,` and cents `99` (or `–`). */
function brandedPrice($: CheerioAPI, price: Selection): number | null {
  const whole = price.find('[data-test="branded-price-whole-value"]').first().text().replace(/\D/g, '');
  if (whole === '') return null;
  const cents = price.find('[data-test="branded-price-decimal-value"]').first().text().replace(/\D/g, '');
  return Number(`${whole}.${cents.padEnd(2, '0').slice(0, 2)}`);
}

/** Result cards of a search page; a page without the product list is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('[data-test="mms-search-srp-productlist"]').length === 0) {
    throw new PageParseError(`no product list on ${page.url}`);
  }
  return $('[data-test="mms-search-srp-productlist-item"]')
    .toArray()
    .map((element) => $(element))
    .filter((card) => card.find('[data-test="mms-sponsored-label"]').length === 0)
    .map((card) => {
      const href = required(card.find('a[data-test="mms-router-link"]').attr('href'), 'card link', page);
      return {
        product_id: required(idOfProductUrl(href), 'card product id', page),
        name: cleanText(card.find('[data-test="product-title"]').text()),
        url: absoluteUrl(href, page),
        price: required(brandedPrice($, card.find('[data-test="product-price"]')), 'card price', page),
      };
    });
}

/** True for a complete page that carries a JSON-LD product (a GTIN search may land on one). */
export function isProductPage(page: FetchedPage): boolean {
  assertCompletePage(page);
  return jsonLdProduct(page) !== undefined;
}

const CONDITIONS: Readonly<Record<string, string>> = lookupTable({
  NewCondition: 'new',
  UsedCondition: 'used',
  RefurbishedCondition: 'refurbished',
});

function offerOf(offer: JsonObject, index: number, page: FetchedPage) {
  const seller = objectAt(offer, 'seller', page);
  const rate = objectAt(offer, 'shippingDetails.shippingRate', page);
  const condition = CONDITIONS[textAt(offer, 'itemCondition', page).replace(/^.*\//, '')];
  return {
    ...coreOffer(
      index + 1,
      numberAt(offer, 'price', page),
      textAt(offer, 'priceCurrency', page),
      numberAt(rate, 'value', page),
    ),
    title: textAt(offer, 'name', page),
    condition: required(condition, 'offer condition', page),
    seller_name: textAt(seller, 'name', page),
    seller_id: textAt(seller, 'identifier', page),
    availability: required(schemaAvailability(offer['availability']), 'offer availability', page),
  };
}

/** A product page as content: the JSON-LD product with one offer per seller. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  assertCompletePage(page);
  const product = required(jsonLdProduct(page), 'JSON-LD product', page);
  const brand = product['brand'];
  const offers = objectsAt(product, 'offers', page).map((offer, index) => offerOf(offer, index, page));
  return {
    product_id: textAt(product, 'sku', page),
    name: textAt(product, 'name', page),
    url: textAt(product, 'url', page),
    brand_name: isJsonObject(brand) ? textAt(brand, 'name', page) : null,
    gtin: textAt(product, 'gtin13', page),
    category: textAt(product, 'category', page),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
