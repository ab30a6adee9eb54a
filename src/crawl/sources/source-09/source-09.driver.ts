/**
 * source_09, the ValueMart marketplace (us). Keys `term` (top search result), `id` (10 digits) and
 * `gtin` in any GS1 length — EAN-8, UPC-12, GTIN-13, GTIN-14 — searched in the GTIN-13 form the
 * shop indexes and cached in the conversion store under the value as submitted. Topic `search`:
 * the buy box (spec 2.4) and every seller's offer from the product page.
 */
import { createShopDriver } from '../kit/shop-driver.kit.ts';
import { parseProductPage, parseSearchPage } from './source-09.parse.ts';

/**
 * The GTIN-13 form of a GTIN of any length: shorter ones gain leading zeros, a GTIN-14 whose
 * packaging indicator is 0 loses it. Other GTIN-14s (case packs) have no GTIN-13 form and are
 * searched as they are.
 */
export function gtin13Form(gtin: string): string {
  if (gtin.length < 13) return gtin.padStart(13, '0');
  return gtin.length === 14 && gtin.startsWith('0') ? gtin.slice(1) : gtin;
}

export const source09Driver = createShopDriver({
  source: 'source_09',
  searchPath: (term) => `/search?q=${encodeURIComponent(term)}`,
  parseSearch: parseSearchPage,
  product: { path: (id) => `/ip/${encodeURIComponent(id)}`, parse: parseProductPage },
  gtin: { searchAs: gtin13Form },
});
