/**
 * source_07, the Elektromarkt electronics retailer (de). Keys `term` (top search result), `id`
 * (7 digits) and `gtin`; topic `search`. The shop's search redirects a GTIN that names one product
 * to its page, so a GTIN costs one request and needs no conversion cache.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult } from './shop-driver-kit.ts';
import { isProductPage, parseProductPage, parseSearchPage } from './source-07.parse.ts';

// The shop finds a product by its id alone; the slug before it is decoration.
const productPath = (id: string): string => `/product/_${encodeURIComponent(id)}.html`;
const searchPath = (term: string): string => `/search.html?query=${encodeURIComponent(term)}`;

export const source07Driver: SourceDriver = {
  source: 'source_07',
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
      case 'gtin':
        return crawlGtin(context, query.value);
      default:
        throw new Error(`source_07 has no key ${query.key}`);
    }
  },
};

async function crawlProductById(context: CrawlContext, id: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  return page ? found(parseProductPage(page), noExtraFetches()) : notFound();
}

/** The GTIN search lands on the product page, or on an empty result list when nothing has it. */
async function crawlGtin(context: CrawlContext, gtin: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, searchPath(gtin), 'lookup');
  if (!page) return notFound();
  if (isProductPage(page)) return found(parseProductPage(page), noExtraFetches());
  // Several products under one GTIN would be listed; the shop's catalogue keeps GTINs unique.
  const first = parseSearchPage(page)[0];
  return first ? crawlProductById(context, first.product_id) : notFound();
}
