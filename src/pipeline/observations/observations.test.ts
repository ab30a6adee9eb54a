import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ValueQuery } from '../../crawl/vocabulary/crawl.types.ts';
import { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import { SingleFlight } from './observations.flight.ts';
import { observationKeysOf } from './observations.key.ts';
import { reusePolicyOf } from './observations.policy.ts';

const catalogue = new SourceCatalogue();

function query(overrides: Partial<ValueQuery> = {}): ValueQuery {
  return {
    source: 'source_01',
    country: 'de',
    key: 'gtin',
    topic: 'search',
    value: '4006381333931',
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
    ...overrides,
  };
}

const keyOf = (overrides: Partial<ValueQuery>) => observationKeysOf(query(overrides), catalogue).cacheKey;

describe('observation cache key', () => {
  it('changes with everything that shapes the content', () => {
    const base = keyOf({});
    for (const change of [
      { value: '4054278533728' },
      { country: 'at' },
      { key: 'id' as const },
      { topic: 'convert' as const },
      { maxPages: 2 },
      { sortBy: 'price_ascending' as const },
      { fetchSellerNames: true },
    ]) {
      assert.notEqual(keyOf(change), base, JSON.stringify(change));
    }
  });

  it('treats uk and gb as one marketplace', () => {
    assert.equal(keyOf({ country: 'uk' }), keyOf({ country: 'gb' }));
    assert.equal(
      observationKeysOf(query({ country: 'uk' }), catalogue).valueKey,
      observationKeysOf(query({ country: 'gb' }), catalogue).valueKey,
    );
  });

  it('ignores parameters a source ignores (max_pages on source_03/04, seller names outside source_01)', () => {
    const source04 = { source: 'source_04' as const, country: 'de' };
    assert.equal(keyOf({ ...source04, maxPages: 5 }), keyOf({ ...source04, maxPages: 1 }));
    assert.equal(keyOf({ ...source04, fetchSellerNames: true }), keyOf({ ...source04 }));
  });

  it('keeps one value key across topics, pages and sort orders', () => {
    const valueKey = (overrides: Partial<ValueQuery>) =>
      observationKeysOf(query(overrides), catalogue).valueKey;
    assert.equal(valueKey({ topic: 'convert', maxPages: 3, sortBy: 'price_descending' }), valueKey({}));
    assert.notEqual(valueKey({ value: '4054278533728' }), valueKey({}));
  });

  it('cannot be confused by a pipe inside a value', () => {
    const a = observationKeysOf(query({ source: 'source_03', key: 'product', value: 'x|y|z|' }), catalogue);
    const b = observationKeysOf(query({ source: 'source_03', key: 'product', value: 'x|y|z' }), catalogue);
    assert.notEqual(a.cacheKey, b.cacheKey);
    assert.match(a.cacheKey, /^[0-9a-f]{64}$/);
  });
});

describe('reuse policy', () => {
  const job = { source: 'source_01', key: 'gtin', topic: 'search', max_age: 1200, not_found_max_age: 10 };

  it('reuses within max_age only for eligible accounts; the not-found cache is for everyone', () => {
    assert.deepEqual(reusePolicyOf(job, true, catalogue), {
      cacheable: true,
      maxAgeSeconds: 1200,
      notFoundMaxAgeDays: 10,
    });
    assert.deepEqual(reusePolicyOf(job, false, catalogue), {
      cacheable: true,
      maxAgeSeconds: null,
      notFoundMaxAgeDays: 10,
    });
  });

  it('forces a crawl with max_age 0', () => {
    assert.deepEqual(reusePolicyOf({ ...job, max_age: 0 }, true, catalogue), {
      cacheable: true,
      maxAgeSeconds: null,
      notFoundMaxAgeDays: null,
    });
  });

  it('keeps not-found results of gtin, pzn and product lookups only', () => {
    assert.equal(reusePolicyOf({ ...job, key: 'pzn' }, false, catalogue).notFoundMaxAgeDays, 10);
    assert.equal(
      reusePolicyOf({ ...job, source: 'source_03', key: 'product' }, false, catalogue).notFoundMaxAgeDays,
      10,
    );
    assert.equal(reusePolicyOf({ ...job, key: 'term' }, false, catalogue).notFoundMaxAgeDays, null);
    assert.equal(reusePolicyOf({ ...job, key: 'id' }, false, catalogue).notFoundMaxAgeDays, null);
  });

  it('never serves remove_conversions from storage', () => {
    assert.deepEqual(reusePolicyOf({ ...job, topic: 'remove_conversions' }, true, catalogue), {
      cacheable: false,
      maxAgeSeconds: null,
      notFoundMaxAgeDays: null,
    });
  });
});

describe('single-flight registry', () => {
  it('lets one caller lead a key, others join, and clears the key when it lands', async () => {
    const flights = new SingleFlight<string>();
    const land = flights.lead('k');
    assert.ok(land);
    assert.equal(flights.lead('k'), undefined, 'a second leader is refused');
    const joined = flights.join('k');
    assert.equal(flights.waiting('k'), 1);
    land('result');
    assert.equal(await joined, 'result');
    assert.equal(flights.join('k'), undefined, 'nothing in flight after landing');
    assert.ok(flights.lead('k'), 'the key can be led again');
  });
});
