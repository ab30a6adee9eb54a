/**
 * source_12, ネダン比較, a Japanese price-comparison site (jp). Keys `term` (top search result) and
 * `id` (`K` and ten digits); topic `search`. Prices are whole yen; `price_avg` keeps two decimals.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseProductPage, parseSearchPage } from './source-12.parse.ts';

export const source12Driver = createShopDriver({
  source: 'source_12',
  searchPath: (term) => `/search/?keyword=${encodeURIComponent(term)}`,
  parseSearch: parseSearchPage,
  product: { path: (id) => `/item/${encodeURIComponent(id)}/`, parse: parseProductPage },
});
