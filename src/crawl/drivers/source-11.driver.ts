/**
 * source_11, the RedAisle retailer (us). Its pages are an empty client-side shell, so the driver
 * reads the JSON API the app itself calls. Keys `term` (top search result) and `id` (8-digit TCIN);
 * topic `search`. An unknown TCIN answers 404.
 */
import type { CrawlContext, DriverOutcome, SourceDriver } from '../crawl.types.ts';
import { fetchOrMissing, found, noExtraFetches, notFound } from './driver-kit.ts';
import { crawlTopResult } from './shop-driver-kit.ts';
import { parseProductAnswer, parseSearchAnswer } from './source-11.parse.ts';

/** Results per search call; only the top one is crawled, the rest are reported as cards. */
const SEARCH_COUNT = 24;
const JSON_HEADERS = { accept: 'application/json' };

const searchPath = (term: string): string =>
  `/api/redsky/v2/search?keyword=${encodeURIComponent(term)}&count=${SEARCH_COUNT}`;
const productPath = (tcin: string): string => `/api/redsky/v2/pdp?tcin=${encodeURIComponent(tcin)}`;

export const source11Driver: SourceDriver = {
  source: 'source_11',
  async crawl(context, query) {
    const crawlProduct = (tcin: string): Promise<DriverOutcome> => crawlProductByTcin(context, tcin);
    switch (query.key) {
      case 'term':
        return crawlTopResult(context, query.value, {
          searchPath,
          parseSearch: parseSearchAnswer,
          crawlProduct,
        });
      case 'id':
        return crawlProduct(query.value);
      default:
        throw new Error(`source_11 has no key ${query.key}`);
    }
  },
};

async function crawlProductByTcin(context: CrawlContext, tcin: string): Promise<DriverOutcome> {
  const page = await fetchOrMissing(context, productPath(tcin), 'product', JSON_HEADERS);
  return page ? found(parseProductAnswer(page), noExtraFetches()) : notFound();
}
