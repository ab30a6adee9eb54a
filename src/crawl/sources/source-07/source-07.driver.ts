/**
 * source_07, the Elektromarkt electronics retailer (de). Keys `term` (top search result), `id`
 * (7 digits) and `gtin`; topic `search`. The shop's search redirects a GTIN that names one product
 * to its page, so a GTIN costs one request and needs no conversion cache.
 */
import type { CrawlContext, DriverOutcome } from '../../vocabulary/crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from '../kit/driver.kit.ts';
import { createShopDriver, type ProductCrawl } from '../kit/shop-driver.kit.ts';
import { isProductPage, parseProductPage, parseSearchPage } from './source-07.parse.ts';

const searchPath = (term: string): string => `/search.html?query=${encodeURIComponent(term)}`;

export const source07Driver = createShopDriver({
  source: 'source_07',
  searchPath,
  parseSearch: parseSearchPage,
  // The shop finds a product by its id alone; the slug before it is decoration.
  product: { path: (id) => `/product/_${encodeURIComponent(id)}.html`, parse: parseProductPage },
  gtin: { crawl: crawlGtin },
});

/** The GTIN search lands on the product page, or on an empty result list when nothing has it. */
async function crawlGtin(
  context: CrawlContext,
  gtin: string,
  crawlProduct: ProductCrawl,
): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, searchPath(gtin), 'lookup');
  if (!page) return notFound();
  if (isProductPage(page)) return found(await context.offload(parseProductPage, page), noExtraFetches());
  // Several products under one GTIN would be listed; the shop's catalogue keeps GTINs unique.
  const first = parseSearchPage(page)[0];
  return first ? crawlProduct(first.product_id) : notFound();
}
