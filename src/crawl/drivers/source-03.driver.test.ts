import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PageParseError } from '../crawl.errors.ts';
import type { DriverOutcome, ValueQuery } from '../crawl.types.ts';
import { startSandbox, type RunningSandbox, type SandboxTruth } from '../testing/sandbox-server.ts';
import { createTestCrawlContext, type TestCrawlContext } from '../testing/test-context.ts';
import { withoutPlantedFlags } from '../testing/truth.ts';
import { source03Driver } from './source-03.driver.ts';

interface ProductTruth {
  id: string;
  gtin: string;
  brand: string;
  name: string;
  mpn: string;
  product_record: string;
  partial: boolean;
  content: Record<string, unknown>;
}
type Truth = SandboxTruth<ProductTruth, { term: string; content: Record<string, unknown> }>;

function query(country: string, key: ValueQuery['key'], value: string): ValueQuery {
  return {
    source: 'source_03',
    country,
    key,
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
  };
}

function found(outcome: DriverOutcome): { content: Record<string, unknown>; partial: boolean } {
  assert.equal(outcome.status, 'found');
  return outcome.status === 'found'
    ? { content: outcome.content, partial: outcome.partial === true }
    : { content: {}, partial: false };
}

describe('source_03 driver against the sandbox', () => {
  let sandbox: RunningSandbox;
  const contextFor = (country: string): TestCrawlContext =>
    createTestCrawlContext({ baseUrl: `${sandbox.origin}/source_03/${country === 'gb' ? 'uk' : country}` });

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  for (const country of ['de', 'gb', 'ch', 'dk']) {
    it(`returns product pages by id with partial set exactly when sellers are missing on ${country}`, async () => {
      const truth = await sandbox.truth<Truth>('source_03', country);
      const sample = [
        ...truth.products.filter((product) => product.partial).slice(0, 4),
        ...truth.products.filter((product) => !product.partial).slice(0, 4),
      ];
      assert.equal(sample.length, 8, 'both complete and partial products exist');
      for (const product of sample) {
        const result = found(
          await source03Driver.crawl(contextFor(country), query(country, 'id', product.id)),
        );
        assert.deepEqual(result.content, withoutPlantedFlags(product.content), product.id);
        assert.equal(result.partial, product.partial, `partial of ${product.id}`);
      }
    });
  }

  it('looks a product record up by GTIN, by MPN, and by brand and name', async () => {
    const truth = await sandbox.truth<Truth>('source_03', 'fr');
    const [byGtin, byMpn, byName] = truth.products.slice(10, 13) as [
      ProductTruth,
      ProductTruth,
      ProductTruth,
    ];
    const records = [
      byGtin.product_record,
      `|${byMpn.brand}||${byMpn.mpn}`,
      `|${byName.brand}|${byName.name}|`,
    ];
    for (const [index, record] of records.entries()) {
      const expected = [byGtin, byMpn, byName][index] as ProductTruth;
      const result = found(await source03Driver.crawl(contextFor('fr'), query('fr', 'product', record)));
      assert.deepEqual(result.content, withoutPlantedFlags(expected.content), record);
    }
  });

  it('returns the product cards of a term, offers_count being the number of cards', async () => {
    const truth = await sandbox.truth<Truth>('source_03', 'us');
    for (const term of truth.terms.slice(0, 5)) {
      const result = found(await source03Driver.crawl(contextFor('us'), query('us', 'term', term.term)));
      assert.deepEqual(result.content, term.content, term.term);
      assert.equal(result.content.offers_count, (result.content.offers as unknown[]).length);
    }
  });

  it('answers not found for ids, terms and product records that exist nowhere', async () => {
    const truth = await sandbox.truth<Truth>('source_03', 'nl');
    for (const key of ['id', 'term', 'product'] as const) {
      for (const value of truth.not_found[key]!.slice(0, 3)) {
        assert.equal(
          (await source03Driver.crawl(contextFor('nl'), query('nl', key, value))).status,
          'not_found',
        );
      }
    }
  });

  it('throws PageParseError when the state of a page is cut off', async () => {
    const truth = await sandbox.truth<Truth>('source_03', 'de');
    await sandbox.app.inject({
      method: 'PUT',
      url: '/_sandbox/faults',
      payload: { source_03: { rates: { truncated: 1 } } },
    });
    try {
      for (const product of truth.products.slice(0, 5)) {
        await assert.rejects(
          source03Driver.crawl(contextFor('de'), query('de', 'id', product.id)),
          PageParseError,
        );
      }
    } finally {
      await sandbox.app.inject({ method: 'PUT', url: '/_sandbox/faults', payload: {} });
    }
  });
});
