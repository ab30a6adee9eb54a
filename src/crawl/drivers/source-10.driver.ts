/**
 * source_10, the Nordhaus retailer (de at fr it nl pl uk/gb, one storefront per country). Keys
 * `term` (top search result) and `id` (`NH…-…`); topic `search`. A product page lists every offer.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult } from './shop-driver-kit.ts';
import { parseProductPage, parseSearchPage } from './source-10.parse.ts';

// The shop finds a product by `<id>.html` alone; the slug before the id is decoration.
const productPath = (id: string): string => `/${encodeURIComponent(id)}.html`;
const searchPath = (term: string): string => `/catalog/?q=${encodeURIComponent(term)}`;

export const source10Driver: SourceDriver = {
  source: 'source_10',
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
        throw new Error(`source_10 has no key ${query.key}`);
    }
  },
};

async function crawlProductById(context: CrawlContext, id: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  return page ? found(parseProductPage(page), noExtraFetches()) : notFound();
}
