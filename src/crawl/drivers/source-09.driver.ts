/**
 * source_09, the ValueMart marketplace (us). Keys `term` (top search result), `id` (10 digits) and
 * `gtin` in any GS1 length — EAN-8, UPC-12, GTIN-13, GTIN-14 — searched in the GTIN-13 form the
 * shop indexes and cached in the conversion store under the value as submitted. Topic `search`:
 * the buy box (spec 2.4) and every seller's offer from the product page.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../crawl.types.ts';
import { crawlGtinProduct, fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult, productIdBySearch } from './shop-driver-kit.ts';
import { parseProductPage, parseSearchPage } from './source-09.parse.ts';

const searchPath = (term: string): string => `/search?q=${encodeURIComponent(term)}`;
const productPath = (id: string): string => `/ip/${encodeURIComponent(id)}`;

/**
 * The GTIN-13 form of a GTIN of any length: shorter ones gain leading zeros, a GTIN-14 whose
 * packaging indicator is 0 loses it. Other GTIN-14s (case packs) have no GTIN-13 form and are
 * searched as they are.
 */
export function gtin13Form(gtin: string): string {
  if (gtin.length < 13) return gtin.padStart(13, '0');
  return gtin.length === 14 && gtin.startsWith('0') ? gtin.slice(1) : gtin;
}

export const source09Driver: SourceDriver = {
  source: 'source_09',
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
        return crawlGtinProduct(
          context,
          query,
          () => productIdBySearch(context, searchPath(gtin13Form(query.value)), parseSearchPage),
          crawlProduct,
        );
      default:
        throw new Error(`source_09 has no key ${query.key}`);
    }
  },
};

async function crawlProductById(context: CrawlContext, id: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(id), 'product');
  return page ? found(parseProductPage(page), noExtraFetches()) : notFound();
}
