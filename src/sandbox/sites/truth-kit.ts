/** Helpers for a site's ground truth. */
import type { Catalogue } from '../catalogue/catalogue.types.ts';

/** How many known terms the truth details (each with a full product content). */
export const TRUTH_TERM_COUNT = 30;

/**
 * The known terms ground truth details: every category name (many results, several pages) first,
 * then brands and brand + series, up to `TRUTH_TERM_COUNT`.
 */
export function truthTerms(catalogue: Catalogue): string[] {
  const language = catalogue.locale.language;
  const categoryNames = new Set(catalogue.products.map((product) => product.category.noun[language]));
  const others = catalogue.knownTerms.filter((term) => !categoryNames.has(term));
  return [...[...categoryNames].sort(), ...others].slice(0, TRUTH_TERM_COUNT);
}
