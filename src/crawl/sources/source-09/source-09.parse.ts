/**
 * Parsers of source_09 (ValueMart) pages: search cards from their data attributes; a product page
 * from its JSON-LD (identity) and the app state assigned in a script (buy box and every offer).
 */
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { isJsonObject } from '../../extract/jsonld.ts';
import { absoluteUrl, jsonLdProduct, loadPage, required } from '../../parse/page.ts';
import { StateReader } from '../../parse/state.ts';
import { cleanText, parseAmount } from '../../parse/values.ts';
import {
  assignedJson,
  coreOffer,
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
});
const SELLER_TYPES: Readonly<Record<string, string>> = lookupTable({
  VALUEMART: 'marketplace_operator',
  VFS: 'fulfilled_by_operator',
  SELLER: 'fulfilled_by_seller',
});

/** A value of a lookup table, or a `PageParseError` for a state value the driver does not know. */
function lookUp<T>(table: Readonly<Record<string, T>>, key: string, what: string, page: FetchedPage): T {
  return required(table[key], `${what} ${key}`, page);
}

function memberPriceOf(offer: StateReader, raw: Record<string, unknown>): number | null {
  return raw['memberPrice'] === null ? null : offer.object('memberPrice').number('price');
}

function offerOf(offer: StateReader, raw: Record<string, unknown>, index: number, page: FetchedPage) {
  const price = offer.object('price');
  const rating = offer.object('sellerRating');
  const premiumPrice = memberPriceOf(offer, raw);
  return {
    ...coreOffer(
      index + 1,
      price.number('price'),
      price.string('currencyUnit'),
      offer.object('shipping').number('price'),
    ),
    offer_id: offer.string('offerId'),
    title: offer.string('title'),
    condition: lookUp(CONDITIONS, offer.string('condition'), 'condition', page),
    seller_name: offer.string('sellerName'),
    seller_id: offer.string('sellerId'),
    seller_rating: rating.number('rating'),
    seller_rating_count: rating.number('count'),
    availability: lookUp(STATUS, offer.string('availabilityStatus'), 'availability', page),
    is_premium: premiumPrice !== null,
    premium_price: premiumPrice,
  };
}

/** The buy-box object of spec 2.4; all empty when nobody holds the buy box. */
function buyBoxOf(
  state: Record<string, unknown>,
  reader: StateReader,
  page: FetchedPage,
): Record<string, unknown> {
  const raw = state['buyBox'];
  if (raw === null) return { buybox: null, seller_type: null, is_premium: false, premium_price: null };
  if (!isJsonObject(raw)) throw new PageParseError(`buyBox missing on ${page.url}`);
  const box = reader.object('buyBox');
  const premiumPrice = memberPriceOf(box, raw);
  return {
    buybox: {
      price: box.object('price').number('price'),
      seller_name: box.string('sellerName'),
      seller_id: box.string('sellerId'),
    },
    seller_type: lookUp(SELLER_TYPES, box.string('fulfillment'), 'fulfillment', page),
    is_premium: premiumPrice !== null,
    premium_price: premiumPrice,
  };
}

/** A product page as content. */
export function parseProductPage(page: FetchedPage): Record<string, unknown> {
  const state = assignedJson(page, 'window.__VM_REDUX_INITIAL_STATE__');
  const reader = new StateReader(state, page.url);
  const product = new StateReader(required(jsonLdProduct(page), 'JSON-LD product', page), page.url);
  const rawOffers = Array.isArray(state['offers']) ? (state['offers'] as Record<string, unknown>[]) : [];
  const offers = reader
    .array('offers')
    .map((offer, index) => offerOf(offer, rawOffers[index] ?? {}, index, page));
  return {
    product_id: product.string('sku'),
    name: product.string('name'),
    url: reader.object('product').string('canonicalUrl'),
    brand_name: product.object('brand').string('name'),
    gtin: product.string('gtin13'),
    category: product.string('category'),
    ...buyBoxOf(state, reader, page),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
