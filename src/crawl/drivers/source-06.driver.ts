/**
 * source_06, the Kaufhaus Nord department store (de). Keys `term` (top search result) and `id`
 * (`S0` and eight letters or digits); topic `search`. A product page lists every seller's offer.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult } from './shop-driver-kit.ts';
import { parseProductPage, parseSearchPage } from './source-06.parse.ts';

// The shop finds a product by its id alone; the slug before it is decoration.
const productPath = (id: string): string => `/p/${encodeURIComponent(id)}/`;
const searchPath = (term: string): string => `/suche/${encodeURIComponent(term)}/`;

export const source06Driver: SourceDriver = {
  source: 'source_06',
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
        throw new Error(`source_06 has no key ${query.key}`);
    }
  },
};

async function crawlProductById(context: CrawlContext, id: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  return page ? found(parseProductPage(page), noExtraFetches()) : notFound();
}
