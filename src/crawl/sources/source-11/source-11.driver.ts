/**
 * source_11, the RedAisle retailer (us). Its pages are an empty client-side shell, so the driver
 * reads the JSON API the app itself calls. Keys `term` (top search result) and `id` (8-digit TCIN);
 * topic `search`. An unknown TCIN answers 404.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseProductAnswer, parseSearchAnswer } from './source-11.parse.ts';

/** Results per search call; only the top one is crawled, the rest are reported as cards. */
const SEARCH_COUNT = 24;

export const source11Driver = createShopDriver({
  source: 'source_11',
  searchPath: (term) => `/api/redsky/v2/search?keyword=${encodeURIComponent(term)}&count=${SEARCH_COUNT}`,
  parseSearch: parseSearchAnswer,
  product: {
    path: (tcin) => `/api/redsky/v2/pdp?tcin=${encodeURIComponent(tcin)}`,
    parse: parseProductAnswer,
    headers: { accept: 'application/json' },
    // The shop finds the page by the TCIN alone; the slug is decoration.
    humanPath: (tcin) => `/p/item/-/A-${encodeURIComponent(tcin)}`,
  },
});
