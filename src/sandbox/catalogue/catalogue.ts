/**
 * The catalogue of one (site, storefront): built on first use, then memoized, and identical for the
 * same seed on every run and machine.
 */
import { rngFor, shuffled } from '../random.ts';
import type { Catalogue, CatalogueProfile, Offer, Product, Seller } from './catalogue.types.ts';
import { labelsFor } from './labels.ts';
import { localeFor, type StorefrontLocale } from './locale.ts';
import { generateOffers, generateSellers } from './offers.ts';
import { baseProduct, euroToLocalMinor, localizedName, shopPrice, UNIVERSE_SIZE } from './products.ts';
import { buildKnownTerms, buildNotFound } from './values.ts';

/** Default seed of the sandbox. */
export const DEFAULT_SEED = 20240601;

const memo = new Map<string, Catalogue>();

/** The catalogue of `profile.source` on `storefront` (e.g. `uk`, never `gb`). */
export function getCatalogue(
  profile: CatalogueProfile,
  storefront: string,
  seed: number = DEFAULT_SEED,
): Catalogue {
  const memoKey = `${seed}:${profile.source}:${storefront}`;
  let catalogue = memo.get(memoKey);
  if (!catalogue) {
    catalogue = buildCatalogue(profile, storefront, seed);
    memo.set(memoKey, catalogue);
  }
  return catalogue;
}

/** Builds a catalogue from scratch (not memoized: use `getCatalogue`). */
export function buildCatalogue(profile: CatalogueProfile, storefront: string, seed: number): Catalogue {
  const locale = localeFor(storefront);
  const labels = labelsFor(locale.language);
  const sellers = generateSellers(profile, storefront, seed);
  const idRng = rngFor(seed, profile.source, storefront, 'ids');
  const usedIds = new Set<string>();
  const uniqueId = (make: typeof profile.makeProductId): string => {
    for (;;) {
      const id = make(idRng);
      if (!usedIds.has(id)) return (usedIds.add(id), id);
    }
  };
  const context = {
    profile,
    storefront,
    seed,
    locale,
    labels,
    shops: sellers.filter((seller) => seller.kind === 'shop'),
    marketplaceSellers: sellers.filter((seller) => seller.kind === 'marketplace'),
    operator: sellers.find((seller) => seller.kind === 'operator'),
    newOfferId: () => uniqueId(profile.makeOfferId),
  };
  const universe = Array.from({ length: UNIVERSE_SIZE }, (_, index) => index);
  const picked = shuffled(universe, rngFor(seed, profile.source, storefront, 'pick')).slice(
    0,
    profile.productCount,
  );
  const products = picked.map((index): Product => {
    const base = baseProduct(seed, index);
    const priceRng = rngFor(seed, profile.source, storefront, 'price', index);
    const referencePriceMinor = shopPrice(
      euroToLocalMinor(base.basePriceEuroCents * (0.95 + priceRng.next() * 0.1), locale),
      locale,
      priceRng,
    );
    const name = localizedName(base, locale);
    return {
      id: uniqueId(profile.makeProductId),
      gtin: base.gtin,
      pzn: profile.pznStorefronts.includes(storefront) ? base.pzn : null,
      mpn: base.mpn,
      brand: base.brand,
      series: base.series,
      name,
      category: base.category,
      rating: base.rating,
      ratingCount: base.ratingCount,
      availableSince: base.availableSince,
      referencePriceMinor,
      offers: generateOffers({ ...context, productKey: index, productName: name, referencePriceMinor }),
    };
  });
  return assemble(profile, storefront, seed, locale, labels, products, sellers);
}

function assemble(
  profile: CatalogueProfile,
  storefront: string,
  seed: number,
  locale: StorefrontLocale,
  labels: Catalogue['labels'],
  products: Product[],
  sellers: Seller[],
): Catalogue {
  const offerById = new Map<string, { product: Product; offer: Offer }>();
  for (const product of products)
    for (const offer of product.offers) offerById.set(offer.id, { product, offer });
  const catalogueWithoutValues = {
    profile,
    storefront,
    seed,
    locale,
    labels,
    products,
    sellers: new Map(sellers.map((seller) => [seller.id, seller])),
    productById: new Map(products.map((product) => [product.id, product])),
    productByGtin: new Map(products.map((product) => [product.gtin, product])),
    productByPzn: new Map(
      products.flatMap((product) => (product.pzn ? [[product.pzn, product] as const] : [])),
    ),
    offerById,
  };
  return {
    ...catalogueWithoutValues,
    knownTerms: buildKnownTerms(products, locale.language),
    notFound: buildNotFound(catalogueWithoutValues),
  };
}

/** Lowercase words of a text, split at anything that is not a letter or digit. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}

const searchIndex = new WeakMap<Catalogue, Map<Product, Set<string>>>();

/**
 * Products matching a free-text query, most popular first: every query word must be a word of the
 * product's name, brand, MPN, GTIN or PZN. This is the search of every site, so ground truth and
 * pages agree.
 */
export function searchCatalogue(catalogue: Catalogue, query: string): Product[] {
  const words = tokenize(query);
  if (words.length === 0) return [];
  let index = searchIndex.get(catalogue);
  if (!index) {
    index = new Map(
      catalogue.products.map((product) => [
        product,
        new Set(tokenize(`${product.name} ${product.mpn} ${product.gtin} ${product.pzn ?? ''}`)),
      ]),
    );
    searchIndex.set(catalogue, index);
  }
  const tokensOf = index;
  return catalogue.products
    .filter((product) => words.every((word) => tokensOf.get(product)?.has(word)))
    .sort((a, b) => b.ratingCount - a.ratingCount || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
