import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { source01Site } from '../sites/source-01.site.ts';
import { source02Site } from '../sites/source-02.site.ts';
import { source04Site } from '../sites/source-04.site.ts';
import type { Catalogue } from './catalogue.types.ts';
import { buildCatalogue, getCatalogue, searchCatalogue } from './catalogue.ts';
import { isValidGtin13, isValidPzn } from './identifiers.ts';

/** Everything a catalogue generates, as one string. */
function serialized(catalogue: Catalogue): string {
  return JSON.stringify({
    products: catalogue.products.map(({ category, ...product }) => ({ ...product, category: category.key })),
    sellers: [...catalogue.sellers.values()],
    knownTerms: catalogue.knownTerms,
    notFound: catalogue.notFound,
  });
}

describe('sandbox catalogue', () => {
  it('is identical for the same seed and differs for another seed', () => {
    const first = serialized(buildCatalogue(source02Site.profile, 'fr', 7));
    assert.equal(serialized(buildCatalogue(source02Site.profile, 'fr', 7)), first);
    assert.notEqual(serialized(buildCatalogue(source02Site.profile, 'fr', 8)), first);
  });

  it('matches the recorded fingerprint, so every machine and Node version builds the same data', () => {
    // Update this digest only on purpose: tests and docs everywhere rely on a stable catalogue.
    const digest = createHash('sha256')
      .update(serialized(buildCatalogue(source01Site.profile, 'de', 1)))
      .digest('hex');
    assert.equal(digest, GOLDEN_SOURCE_01_DE_SEED_1);
  });

  it('is memoized per site, storefront and seed', () => {
    assert.equal(getCatalogue(source01Site.profile, 'at', 3), getCatalogue(source01Site.profile, 'at', 3));
    assert.notEqual(getCatalogue(source01Site.profile, 'at', 3), getCatalogue(source01Site.profile, 'at', 4));
  });

  it('gives valid GTINs to every product and valid PZNs to pharmacy products on de only', () => {
    const de = getCatalogue(source01Site.profile, 'de');
    assert.ok(de.products.every((product) => isValidGtin13(product.gtin)));
    const pharmacy = de.products.filter((product) => product.category.pharmacy);
    assert.ok(pharmacy.length > 10);
    assert.ok(pharmacy.every((product) => product.pzn !== null && isValidPzn(product.pzn)));
    assert.ok(de.products.every((product) => product.category.pharmacy || product.pzn === null));
    assert.ok(getCatalogue(source01Site.profile, 'at').products.every((product) => product.pzn === null));
  });

  it('uses each site id format, unique per storefront', () => {
    const items = getCatalogue(source02Site.profile, 'us');
    assert.ok(items.products.every((product) => /^B0[A-Z0-9]{8}$/.test(product.id)));
    assert.equal(new Set(items.products.map((product) => product.id)).size, items.products.length);
    const auctions = getCatalogue(source04Site.profile, 'uk');
    assert.ok([...auctions.offerById.keys()].every((id) => /^\d{12}$/.test(id)));
  });

  it('lists not-found values that no product carries and that are well formed', () => {
    const catalogue = getCatalogue(source01Site.profile, 'de');
    const { gtin, id, pzn, term } = catalogue.notFound;
    assert.ok(gtin.length + catalogue.products.length >= 1000, 'enough values for a 1 000-value job');
    assert.ok(gtin.every((value) => isValidGtin13(value) && !catalogue.productByGtin.has(value)));
    assert.ok(id.every((value) => /^\d{7}$/.test(value) && !catalogue.productById.has(value)));
    assert.ok(pzn.every((value) => isValidPzn(value) && !catalogue.productByPzn.has(value)));
    assert.ok(term.every((value) => searchCatalogue(catalogue, value).length === 0));
  });

  it('plants price outliers and wrong products among the offers', () => {
    const offers = getCatalogue(source01Site.profile, 'it').products.flatMap((product) => product.offers);
    const outliers = offers.filter((offer) => offer.outlier).length;
    const wrong = offers.filter((offer) => offer.wrongProduct !== null);
    assert.ok(outliers > 10, `outliers: ${outliers}`);
    assert.ok(wrong.length > 10, `wrong products: ${wrong.length}`);
    assert.deepEqual(
      new Set(wrong.map((offer) => offer.wrongProduct)),
      new Set(['accessory', 'refurbished', 'used']),
    );
  });

  it('finds products by every word of a known term, most reviewed first', () => {
    const catalogue = getCatalogue(source02Site.profile, 'de');
    for (const term of catalogue.knownTerms.slice(0, 20)) {
      const results = searchCatalogue(catalogue, term);
      assert.ok(results.length > 0, term);
      assert.ok(
        results.every((product, i) => i === 0 || (results[i - 1]?.ratingCount ?? 0) >= product.ratingCount),
      );
    }
    const product = catalogue.products[0]!;
    assert.deepEqual(searchCatalogue(catalogue, product.gtin), [product]);
  });
});

const GOLDEN_SOURCE_01_DE_SEED_1 = '5e2b77d6d087ccb0700daea0e48f12f1504272e5e70212acfc975b929b596f81';
