/**
 * source_11, the RedAisle retailer (us; Target's markup, G34). Its pages are a client-side app, so
 * the driver reads the JSON API the app itself calls, at RedSky's paths (`/redsky_aggregations/v1/
 * web/plp_search_v2`, `…/pdp_client_v1`). Keys `term` (top search result) and `id` (8-digit TCIN);
 * topic `search`. An unknown TCIN answers 404.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseProductAnswer, parseSearchAnswer } from './source-11.parse.ts';

/** Results per search call; only the top one is crawled, the rest are reported as cards. */
const SEARCH_COUNT = 24;

export const source11Driver = createShopDriver({
  source: 'source_11',
  searchPath: (term) =>
    `/redsky_aggregations/v1/web/plp_search_v2?keyword=${encodeURIComponent(term)}&count=${SEARCH_COUNT}&offset=0`,
  parseSearch: parseSearchAnswer,
  product: {
    path: (tcin) => `/redsky_aggregations/v1/web/pdp_client_v1?tcin=${encodeURIComponent(tcin)}`,
    parse: parseProductAnswer,
    headers: { accept: 'application/json' },
    // The shop finds the page by the TCIN alone; the slug is decoration.
    humanPath: (tcin) => `/p/item/-/A-${encodeURIComponent(tcin)}`,
  },
});
