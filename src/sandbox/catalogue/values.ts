/** Known search terms and known not-found values of a catalogue, for tests and 1 000-value jobs. */
import { rngFor } from '../random.ts';
import type { Catalogue, NotFoundValues, Product } from './catalogue.types.ts';
import { randomGtin13, randomPzn } from './identifiers.ts';
import type { Language } from './locale.ts';
import { NONSENSE_WORDS } from './vocabulary.ts';

/** How many not-found values of each key a catalogue lists: with the found ones, enough for 1 000. */
export const NOT_FOUND_COUNT = 700;

/** Terms that find products: each brand, each brand with a series, and each category's name. */
export function buildKnownTerms(products: readonly Product[], language: Language): string[] {
  const terms = new Set<string>();
  for (const product of products) {
    terms.add(product.brand);
    terms.add(`${product.brand} ${product.series}`);
    terms.add(product.category.noun[language]);
  }
  return [...terms].sort();
}

/** Values of each key that no product of the catalogue has. */
export function buildNotFound(catalogue: Omit<Catalogue, 'knownTerms' | 'notFound'>): NotFoundValues {
  const { profile, storefront, seed } = catalogue;
  const rng = rngFor(seed, profile.source, storefront, 'not-found');
  const ids = new Set<string>();
  while (ids.size < NOT_FOUND_COUNT) {
    const id = profile.makeProductId(rng);
    if (!catalogue.productById.has(id) && !catalogue.offerById.has(id)) ids.add(id);
  }
  // 200-299 is GS1's in-store range: no product of the universe carries such a GTIN.
  const gtins = new Set<string>();
  while (gtins.size < NOT_FOUND_COUNT) gtins.add(randomGtin13(String(rng.int(200, 299)), rng));
  const pzns = new Set<string>();
  if (profile.pznStorefronts.includes(storefront)) {
    while (pzns.size < NOT_FOUND_COUNT) {
      const pzn = randomPzn(rng);
      if (!catalogue.productByPzn.has(pzn)) pzns.add(pzn);
    }
  }
  const terms = new Set<string>();
  while (terms.size < NOT_FOUND_COUNT)
    terms.add(`${rng.pick(NONSENSE_WORDS)} ${rng.pick(NONSENSE_WORDS)} ${rng.int(1, 9999)}`);
  return { gtin: [...gtins], id: [...ids], pzn: [...pzns], term: [...terms] };
}
