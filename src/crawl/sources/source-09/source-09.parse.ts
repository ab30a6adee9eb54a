/**
 * Parsers of source_09 pages (Walmart's markup, G34): search cards from their data attributes; a
 * product page from its Next.js state (`__NEXT_DATA__`).
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { isJsonObject, type JsonObject } from '../../extract/jsonld.ts';
import { absoluteUrl, assertCompletePage, embeddedJson, loadPage, required } from '../../parse/page.ts';
import { StateReader } from '../../parse/state.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import {
  coreOffer,
  objectAt,
  priceStats,
  type SearchCard,
  type ShopAvailability,
} from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** Result cards of a search page; a page without the result stack is not a search page. */
export function parseSearchPage(page: FetchedPage): SearchCard[] {
  const $ = loadPage(page);
  if ($('[data-testid="item-stack"]').length === 0)
    throw new PageParseError(`no result stack on ${page.url}`);
  return $('[data-item-id]')
    .toArray()
    .map((element) => {
      const card = $(element);
      return {
        product_id: required(card.attr('data-item-id'), 'item id', page),
        name: cleanText(card.find('[data-automation-id="product-title"]').text()),
        url: absoluteUrl(required(card.find('a[link-identifier]').attr('href'), 'item link', page), page),
        price: required(
          parseAmount(card.find('[data-automation-id="product-price"]').text()),
          'item price',
          page,
        ),
      };
    });
}

const STATUS: Readonly<Record<string, ShopAvailability>> = lookupTable({
  IN_STOCK: 'in_stock',
  LIMITED_STOCK: 'limited',
  OUT_OF_STOCK: 'out_of_stock',
});
const CONDITIONS: Readonly<Record<string, string>> = lookupTable({
  New: 'new',
  Used: 'used',
  Restored: 'refurbished',
  'Restored Premium': 'refurbished',
  Refurbished: 'refurbished',
});

/** A value of a lookup table, or a `PageParseError` for a state value the driver does not know. */
function lookUp<T>(table: Readonly<Record<string, T>>, key: string, what: string, page: FetchedPage): T {
  return required(table[key], `${what} ${key}`, page);
}

/**
 * Who sells and ships: Walmart itself (`sellerType: INTERNAL`), a marketplace seller whose order
 * ships from a Walmart fulfilment centre (`fulfillmentType: FC`, Walmart Fulfillment Services), or
 * one that ships itself.
 */
function sellerTypeOf(offer: StateReader): string {
  if (offer.optionalString('sellerType') === 'INTERNAL') return 'marketplace_operator';
  return offer.optionalString('fulfillmentType') === 'FC' ? 'fulfilled_by_operator' : 'fulfilled_by_seller';
}

/** An amount of a `priceInfo` entry (`{price, priceString, currencyUnit}`), or null when absent. */
function priceOf(priceInfo: JsonObject, key: string): number | null {
  const entry = priceInfo[key];
  if (!isJsonObject(entry)) return null;
  const price = entry['price'];
  return typeof price === 'number' && Number.isFinite(price) ? price : null;
}

/** One offer: the product's own fields (the primary offer) or an entry of `secondaryOffers`. */
function offerOf(raw: JsonObject, index: number, productName: string, page: FetchedPage) {
  const offer = new StateReader(raw, page.url);
  const info = objectAt(raw, 'priceInfo', page);
  const current = offer.object('priceInfo').object('currentPrice');
  const premiumPrice = priceOf(info, 'wPlusEarlyAccessPrice');
  const rating = raw['sellerAverageRating'];
  const count = raw['sellerReviewCount'];
  return {
    ...coreOffer(
      index + 1,
      current.number('price'),
      current.string('currencyUnit'),
      priceOf(info, 'shipPrice') ?? 0,
    ),
    offer_id: offer.string('offerId'),
    title: offer.optionalString('offerTitle') ?? productName,
    condition: lookUp(CONDITIONS, offer.optionalString('conditionType') ?? 'New', 'condition', page),
    seller_name: offer.string('sellerName'),
    seller_id: offer.string('sellerId'),
    seller_rating: typeof rating === 'number' ? rating : null,
    seller_rating_count: typeof count === 'number' ? count : null,
    availability: lookUp(STATUS, offer.string('availabilityStatus'), 'availability', page),
    is_premium: premiumPrice !== null,
    premium_price: premiumPrice,
    seller_type: sellerTypeOf(offer),
  };
}

/**
 * A product page as content, from `<script id="__NEXT_DATA__">` (`props.pageProps.initialData.
 * data.product`), the way Walmart's pages carry it: the pages have no Product JSON-LD. The product
 * object holds the buy-box (primary) offer's seller, price and stock; other sellers' offers are in
 * `secondaryOffers`. A suppressed buy box (`buyBoxSuppression`) or a product out of stock has none.
 */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  assertCompletePage(page);
  const next = embeddedJson(page, '__NEXT_DATA__');
  const raw = objectAt(next, 'props.pageProps.initialData.data.product', page);
  const product = new StateReader(raw, page.url);
  const name = product.string('name');
  const secondary = Array.isArray(raw['secondaryOffers']) ? raw['secondaryOffers'].filter(isJsonObject) : [];
  const offers = [raw, ...secondary].map((offer, index) => offerOf(offer, index, name, page));
  const primary = offers[0]!;
  const holdsBuyBox = raw['buyBoxSuppression'] !== true && primary.availability !== 'out_of_stock';
  const category = Array.isArray(objectAt(raw, 'category', page)['path'])
    ? product
        .object('category')
        .array('path')
        .map((entry) => entry.string('name'))
    : [];
  return {
    product_id: product.string('usItemId'),
    name,
    url: absoluteUrl(product.string('canonicalUrl'), page),
    brand_name: product.optionalString('brand'),
    gtin: product.optionalString('upc'),
    category: category.at(-1) ?? null,
    buybox: holdsBuyBox
      ? { price: primary.price, seller_name: primary.seller_name, seller_id: primary.seller_id }
      : null,
    seller_type: holdsBuyBox ? primary.seller_type : null,
    is_premium: holdsBuyBox && primary.is_premium,
    premium_price: holdsBuyBox ? primary.premium_price : null,
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers: offers.map(({ seller_type: _type, ...offer }) => offer),
  };
}
