/**
 * source_12, ネダン比較, a Japanese price-comparison site (jp). Keys `term` (top search result) and
 * `id` (`K` and ten digits); topic `search`. Prices are whole yen; `price_avg` keeps two decimals.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult } from './shop-driver-kit.ts';
import { parseProductPage, parseSearchPage } from './source-12.parse.ts';

const productPath = (id: string): string => `/item/${encodeURIComponent(id)}/`;
const searchPath = (term: string): string => `/search/?keyword=${encodeURIComponent(term)}`;

export const source12Driver: SourceDriver = {
  source: 'source_12',
  async crawl(context, query) {
    const crawlProduct = (id: string): Promise<DriverOutcome> => crawlProductById(context, id);
    switch (query.key) {
      case 'term':
        return crawlTopResult(context, query.value, {
          searchPath,
          parseSearch: parseSearchPage,
          crawlProduct,
        });
      case 'id':
        return crawlProduct(query.value);
      default:
        throw new Error(`source_12 has no key ${query.key}`);
    }
  },
};

async function crawlProductById(context: CrawlContext, id: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  return page ? found(parseProductPage(page), noExtraFetches()) : notFound();
}
