/**
 * source_10, the Nordhaus retailer (de at fr it nl pl uk/gb, one storefront per country). Keys
 * `term` (top search result) and `id` (`NH…-…`); topic `search`. A product page lists every offer.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseProductPage, parseSearchPage } from './source-10.parse.ts';

export const source10Driver = createShopDriver({
  source: 'source_10',
  searchPath: (term) => `/catalog/?q=${encodeURIComponent(term)}`,
  parseSearch: parseSearchPage,
  // The shop finds a product by `<id>.html` alone; the slug before the id is decoration.
  product: { path: (id) => `/${encodeURIComponent(id)}.html`, parse: parseProductPage },
});
