import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DriverOutcome } from '../../vocabulary/crawl.types.ts';
import { useSandbox, type SandboxTruth } from '../../../../test/support/sandbox-server.ts';
import { queryBuilder } from '../../../../test/support/crawl-context.ts';
import { withoutPlantedFlags } from '../../../../test/support/sandbox-truth.ts';
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

const query = queryBuilder(source03Driver);

function found(outcome: DriverOutcome): { content: Record<string, unknown>; partial: boolean } {
  assert.equal(outcome.status, 'found');
  return outcome.status === 'found'
    ? { content: outcome.content, partial: outcome.partial === true }
    : { content: {}, partial: false };
}

describe('source_03 driver against the sandbox', () => {
  const { contextFor, truthOf, assertNotFound, assertParseErrors } = useSandbox<Truth>(source03Driver);

  for (const country of ['de', 'gb', 'ch', 'dk']) {
    it(`returns product pages by id with partial set exactly when sellers are missing on ${country}`, async () => {
      const truth = await truthOf(country);
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
    const truth = await truthOf('fr');
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
    const truth = await truthOf('us');
    for (const term of truth.terms.slice(0, 5)) {
      const result = found(await source03Driver.crawl(contextFor('us'), query('us', 'term', term.term)));
      assert.deepEqual(result.content, term.content, term.term);
      assert.equal(result.content.offers_count, (result.content.offers as unknown[]).length);
    }
  });

  it('answers not found for ids, terms and product records that exist nowhere', async () => {
    const truth = await truthOf('nl');
    await assertNotFound(
      (['id', 'term', 'product'] as const).flatMap((key) =>
        truth.not_found[key]!.slice(0, 3).map((value) => query('nl', key, value)),
      ),
    );
  });

  it('throws PageParseError when the state of a page is cut off', async () => {
    const truth = await truthOf('de');
    await assertParseErrors(
      'truncated',
      truth.products.slice(0, 5).map((product) => query('de', 'id', product.id)),
    );
  });
});
