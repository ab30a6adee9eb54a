/**
 * source_12, ネダン比較, a Japanese price-comparison site (jp) modelled on kakaku.com. Keys `term` (top search result) and
 * `id` (`K` and ten digits); topic `search`. Prices are whole yen; `price_avg` keeps two decimals.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { encodeShiftJisPercent } from '../../../platform/lib/shift-jis.ts';
import { parseProductPage, parseSearchPage } from './source-12.parse.ts';

export const source12Driver = createShopDriver({
  source: 'source_12',
  // kakaku reads the term from the path, in Shift_JIS as its pages are.
  searchPath: (term) => `/search_results/${encodeShiftJisPercent(term)}/`,
  parseSearch: parseSearchPage,
  product: { path: (id) => `/item/${encodeURIComponent(id)}/`, parse: parseProductPage },
});
