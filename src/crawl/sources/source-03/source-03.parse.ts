/**
 * source_03's product page: its data is embedded JSON state (`__STATE__`); the page's own markup
 * adds only the notice that more sellers exist than are listed.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { summarizePrices } from '../../engine/crawl.offers.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { absoluteUrl, embeddedJson, loadPage } from '../../parse/page.ts';
import { fromMicros, StateReader } from '../../parse/state.ts';
import { totalOf } from '../../parse/values.ts';
import { lookupTable } from '../../../platform/lib/lookup.ts';

const STOCK_CODES: Record<string, string> = lookupTable({
  IN_STOCK: 'green',
  LIMITED: 'orange',
  OUT_OF_STOCK: 'red',
});

/** A product page as content, and whether the marketplace lists more sellers than it shows. */
export function parseProduct(page: FetchedPage): { content: Record<string, unknown>; partial: boolean } {
  const $ = loadPage(page);
  const state = new StateReader(embeddedJson(page, '__STATE__'), page.url);
  const product = state.object('product');
  const reviews = product.object('reviewSummary');
  const offers = state.array('sellers').map(sellerOffer);
  const sellersTotal = state.number('sellerCount');
  const content = {
    product_id: product.string('productId'),
    id: product.string('productId'),
    name: product.string('title'),
    description: product.string('description'),
    url: absoluteUrl(product.string('canonicalLink'), page),
    brand: product.optionalString('brand'),
    gtin: product.strings('gtins')[0] ?? null,
    mpn: product.optionalString('mpn'),
    rating: reviews.number('stars'),
    rating_count: reviews.number('count'),
    ...summarizePrices(offers),
    sellers_total: sellersTotal,
    offers_count: offers.length,
    offers,
  };
  return { content, partial: hasMoreSellers($) || sellersTotal > offers.length };
}

/** The "N more sellers" notice a product page shows when it lists only part of the sellers. */
function hasMoreSellers($: CheerioAPI): boolean {
  return $('.sh-more-sellers').length > 0;
}

function sellerOffer(seller: StateReader, index: number): Record<string, unknown> {
  const merchant = seller.object('merchant');
  const rating = merchant.object('rating');
  const price = fromMicros(seller.object('basePrice').number('amountMicros'));
  const shipping = fromMicros(seller.object('shipping').number('amountMicros'));
  return {
    position: index + 1,
    id: seller.string('offerId'),
    seller_name: merchant.string('name'),
    description: seller.string('offerTitle'),
    url: seller.string('landingPage'),
    price,
    shipping,
    total: totalOf(price, shipping),
    currency: seller.object('basePrice').string('currencyCode'),
    rating: rating.number('stars'),
    rating_count: rating.number('count'),
    availability_code: STOCK_CODES[seller.string('stock')] ?? null,
  };
}
