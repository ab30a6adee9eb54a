/**
 * source_05, the Bazaro marketplace (de cz sk pl at fr it). Keys `term` (top search result), `id`
 * (12-hex product id) and `gtin` (resolved through the site search, cached in the conversion
 * store). Topic `search` reads the product page: buy box, the site's offer statistics and its top
 * three offers; `search_and_offers` also reads the offer listing and returns every offer.
 */
import { parseOrExtract } from '../kit/fallback.kit.ts';
import type { CrawlContext, DriverOutcome, ValueQuery } from '../../vocabulary/crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from '../kit/driver.kit.ts';
import { createShopDriver, priceStats } from '../kit/shop-driver.kit.ts';
import { parseOffersPage, parseProductPage, parseSearchPage } from './source-05.parse.ts';

const productPath = (id: string): string => `/product/${encodeURIComponent(id)}/`;

export const source05Driver = createShopDriver({
  source: 'source_05',
  searchPath: (term) => `/s/?search_value=${encodeURIComponent(term)}`,
  parseSearch: parseSearchPage,
  product: { crawl: crawlProductById },
  gtin: 'search',
});

async function crawlProductById(
  context: CrawlContext,
  query: ValueQuery,
  id: string,
): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  if (!page) return notFound();
  const read = await parseOrExtract(context, page, { product_id: id }, parseProductPage);
  if ('extracted' in read) return found(read.extracted, noExtraFetches());
  const product = read.parsed;
  // The site's own offer statistics cover every offer, also those the page does not list (G38).
  const stated = { source_price_min: product.stats.price_min };
  if (query.topic !== 'search_and_offers') {
    return found(
      { ...product.head, ...product.stats, ...stated, offers: product.topOffers },
      noExtraFetches(),
    );
  }
  const offersPage = await fetchOrMissing(context, `${productPath(id)}offers/`, 'offers');
  if (!offersPage) return notFound();
  const offers = parseOffersPage(offersPage);
  const prices = offers.map((offer) => offer['price'] as number);
  return found(
    { ...product.head, ...priceStats(prices, offersPage), ...stated, offers_count: offers.length, offers },
    noExtraFetches(),
  );
}
