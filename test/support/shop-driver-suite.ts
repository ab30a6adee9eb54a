/**
 * The driver test suite every shop-style source (source_05..source_12) runs against the sandbox
 * over real HTTP: content by id, GTIN and term equals `/catalog.json`, unknown values come back not
 * found, and cut-off or block pages end in `PageParseError`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Topic, ValueKey } from '../../src/crawl/vocabulary/sources.types.ts';
import type { DriverOutcome, SourceDriver, ValueQuery } from '../../src/crawl/vocabulary/crawl.types.ts';
import { useSandbox, type DriverSandbox } from './sandbox-server.ts';
import { contentOf, queryBuilder } from './crawl-context.ts';
import { withoutPlantedFlags } from './sandbox-truth.ts';

/** Re-exported for the shop-style driver tests; they live beside it in `test/support/`. */
export { contentOf, useSandbox };

/** One product of a shop-style site's truth; `content_<topic>` for topics other than `search`. */
export interface ShopProductTruth {
  product_id: string;
  gtin?: string;
  name: string;
  content: Record<string, unknown>;
  [contentOfTopic: `content_${string}`]: Record<string, unknown>;
}

export interface ShopTermTruth extends ShopProductTruth {
  term: string;
}

export interface ShopTruth {
  products: ShopProductTruth[];
  terms: ShopTermTruth[];
  not_found: Record<string, string[]>;
}

/** A query with the job defaults. */
export function shopQuery(
  driver: SourceDriver,
  country: string,
  key: ValueKey,
  value: string,
  topic: Topic = 'search',
): ValueQuery {
  return queryBuilder(driver)(country, key, value, { topic });
}

/** The truth content of an entry for a topic, without the planted flags. */
export function expectedContent(entry: ShopProductTruth, topic: Topic): Record<string, unknown> {
  const content = topic === 'search' ? entry.content : entry[`content_${topic}`];
  assert.ok(content, `truth has content for topic ${topic}`);
  return withoutPlantedFlags(content);
}

export interface ShopSuiteSpec {
  driver: SourceDriver;
  /** Every country the source accepts. */
  countries: readonly string[];
  keys: readonly ('term' | 'id' | 'gtin')[];
  topics: readonly Topic[];
  /** Extra tests of the source, run with the suite's sandbox. */
  extra?: (suite: DriverSandbox<ShopTruth>) => void;
}

/** Runs the shared suite for one shop-style driver. */
export function shopDriverSuite(spec: ShopSuiteSpec): void {
  const { driver } = spec;
  describe(`${driver.source} driver against the sandbox`, () => {
    const suite = useSandbox<ShopTruth>(driver);
    const { contextFor, truthOf } = suite;
    const crawl = (
      country: string,
      key: ValueKey,
      value: string,
      topic: Topic = 'search',
    ): Promise<DriverOutcome> =>
      driver.crawl(contextFor(country), shopQuery(driver, country, key, value, topic));

    for (const country of spec.countries) {
      for (const topic of spec.topics) {
        it(`returns the ground-truth content of products by id on ${country} (topic ${topic})`, async () => {
          const truth = await truthOf(country);
          for (const product of truth.products.slice(0, 6)) {
            const outcome = await crawl(country, 'id', product.product_id, topic);
            assert.deepEqual(contentOf(outcome), expectedContent(product, topic), `id ${product.product_id}`);
          }
        });
        if (spec.keys.includes('gtin')) {
          it(`returns the ground-truth content of products by GTIN on ${country} (topic ${topic})`, async () => {
            const truth = await truthOf(country);
            for (const product of truth.products.slice(10, 14)) {
              assert.ok(product.gtin, 'truth lists the GTIN');
              const outcome = await crawl(country, 'gtin', product.gtin, topic);
              assert.deepEqual(contentOf(outcome), expectedContent(product, topic), `gtin ${product.gtin}`);
            }
          });
        }
        it(`returns the top product and first result page of known terms on ${country} (topic ${topic})`, async () => {
          const truth = await truthOf(country);
          assert.ok(truth.terms.length >= 4, 'truth lists terms');
          for (const term of [...truth.terms.slice(0, 2), ...truth.terms.slice(-2)]) {
            const outcome = await crawl(country, 'term', term.term, topic);
            assert.deepEqual(contentOf(outcome), expectedContent(term, topic), `term ${term.term}`);
          }
        });
      }
      it(`answers not found for values that exist nowhere on ${country}`, async () => {
        const truth = await truthOf(country);
        assert.deepEqual(Object.keys(truth.not_found).sort(), [...spec.keys].sort());
        for (const key of spec.keys) {
          const values = truth.not_found[key] ?? [];
          assert.ok(values.length >= 700, `enough not-found ${key} values`);
          await suite.assertNotFound(
            values.slice(0, 3).map((value) => shopQuery(driver, country, key, value)),
          );
        }
      });
    }

    for (const fault of ['truncated', 'blockPage'] as const) {
      it(`throws PageParseError, never a crash, on a ${fault} page`, async () => {
        const [country] = spec.countries as [string];
        const truth = await truthOf(country);
        const product = truth.products[0];
        assert.ok(product);
        const values: [ValueKey, string][] = [
          ['id', product.product_id],
          ['term', truth.terms[0]?.term ?? ''],
          ...(product.gtin && spec.keys.includes('gtin')
            ? [['gtin', product.gtin] as [ValueKey, string]]
            : []),
        ];
        const attempts = [0, 1, 2]; // each value three times: every fault draw must fail
        const queries = spec.topics.flatMap((topic) =>
          values.flatMap(([key, value]) => attempts.map(() => shopQuery(driver, country, key, value, topic))),
        );
        await suite.assertParseErrors(fault, queries);
      });
    }

    spec.extra?.(suite);
  });
}
