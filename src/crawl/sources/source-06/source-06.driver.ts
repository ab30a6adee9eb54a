/**
 * source_06, the Kaufhaus Nord department store (de). Keys `term` (top search result) and `id`
 * (`S0` and eight letters or digits); topic `search`. A product page lists every seller's offer.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseProductPage, parseSearchPage } from './source-06.parse.ts';

export const source06Driver = createShopDriver({
  source: 'source_06',
  searchPath: (term) => `/suche/${encodeURIComponent(term)}/`,
  parseSearch: parseSearchPage,
  // The shop finds a product by its id alone; the slug before it is decoration.
  product: { path: (id) => `/p/${encodeURIComponent(id)}/`, parse: parseProductPage },
});
