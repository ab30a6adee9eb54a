/**
 * Parsers of source_11 (RedAisle) JSON API answers. Money comes in integer cents.
 */
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { StateReader } from '../../parse/state.ts';
import { required } from '../../parse/page.ts';
import {
  coreOffer,
  jsonBody,
  priceStats,
  type SearchCard,
  type ShopAvailability,
} from '../kit/shop-driver.kit.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

/** An amount of a `{amount_cents, currency_code}` object. */
const amountOf = (money: StateReader): number => money.number('amount_cents') / 100;

/** Products of a search answer, in the API's order. */
export function parseSearchAnswer(page: FetchedPage): SearchCard[] {
  const search = new StateReader(jsonBody(page), page.url).object('data').object('search');
  return search.array('products').map((product) => {
    const item = product.object('item');
    return {
      product_id: product.string('tcin'),
      name: item.object('product_description').string('title'),
      url: item.object('enrichment').string('buy_url'),
      price: amountOf(product.object('price').object('lowest')),
    };
  });
}

const AVAILABILITY: Readonly<Record<string, ShopAvailability>> = lookupTable({
  IN_STOCK: 'in_stock',
  LIMITED_STOCK: 'limited',
  OUT_OF_STOCK: 'out_of_stock',
});

function offerOf(offer: StateReader, index: number, page: FetchedPage) {
  const price = offer.object('price');
  const seller = offer.object('seller');
  const availability = offer.object('fulfillment').string('availability');
  return {
    ...coreOffer(
      index + 1,
      amountOf(price),
      price.string('currency_code'),
      amountOf(offer.object('shipping')),
    ),
    offer_id: offer.string('offer_id'),
    condition: offer.string('condition').toLowerCase(),
    seller_name: seller.string('name'),
    seller_id: seller.string('id'),
    seller_rating: seller.number('rating'),
    availability: required(AVAILABILITY[availability], `availability ${availability}`, page),
  };
}

/** A product answer as content. */
export function parseProductAnswer(page: FetchedPage): Record<string, unknown> {
  const product = new StateReader(jsonBody(page), page.url).object('data').object('product');
  const item = product.object('item');
  const offers = product.array('offers').map((offer, index) => offerOf(offer, index, page));
  return {
    product_id: product.string('tcin'),
    name: item.object('product_description').string('title'),
    url: item.object('enrichment').string('buy_url'),
    brand_name: item.object('primary_brand').string('name'),
    category: item.object('product_classification').object('item_type').string('name'),
    ...priceStats(
      offers.map((offer) => offer.price),
      page,
    ),
    offers_count: offers.length,
    offers,
  };
}
