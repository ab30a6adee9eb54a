import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SourceSpec } from '../../src/crawl/sources/sources.module.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { assertResultMatchesTruth } from '../support/sandbox-truth.ts';

type Content = Record<string, unknown>;
interface TruthProduct {
  id?: string;
  product_id?: string;
  item_code?: string;
  gtin?: string;
  pzn?: string | null;
  product_record?: string;
  content: Content;
  content_search_and_offers?: Content;
  listings?: Array<{ item_id: string; content: Content }>;
}
interface Truth {
  products: TruthProduct[];
  terms: Array<{ term: string; content: Content | null }>;
  not_found: Record<string, string[]>;
}

/** Values of a key with the content a complete crawl must return for them. */
function casesFor(
  source: string,
  key: string,
  topic: string,
  truth: Truth,
): Array<{ value: string; expected: Content }> {
  const products = truth.products.slice(0, 2);
  const full = (product: TruthProduct): Content =>
    topic === 'search_and_offers' && product.content_search_and_offers
      ? product.content_search_and_offers
      : product.content;
  switch (key) {
    case 'term':
      return truth.terms
        .filter((term) => term.content !== null)
        .slice(0, 1)
        .map((term) => ({ value: term.term, expected: term.content as Content }));
    case 'id':
      if (source === 'source_04') {
        return products
          .flatMap((product) => (product.listings ?? []).slice(0, 1))
          .map((listing) => ({ value: listing.item_id, expected: listing.content }));
      }
      return products.map((product) => ({
        value: String(product.id ?? product.product_id),
        expected: full(product),
      }));
    case 'gtin':
      return products
        .filter((p) => p.gtin)
        .map((product) => ({ value: String(product.gtin), expected: full(product) }));
    case 'pzn':
      return truth.products
        .filter((p) => p.pzn)
        .slice(0, 2)
        .map((product) => ({ value: String(product.pzn), expected: full(product) }));
    case 'item_code':
      return products.map((product) => ({ value: String(product.item_code), expected: full(product) }));
    case 'product':
      return products.map((product) => ({ value: String(product.product_record), expected: full(product) }));
    default:
      return [];
  }
}

/** Where the topic returns the product's complete content, all of it must match; elsewhere the identity. */
function assertMatches(result: ResultOf, expected: Content, complete: boolean, label: string): void {
  const actual = result.content ?? {};
  if (complete) {
    const { search_results: _a, ...actualCore } = actual;
    const { search_results: _b, ...expectedCore } = expected;
    assertResultMatchesTruth({ content: actualCore, trust: result.trust }, expectedCore, label);
    return;
  }
  assert.equal(actual.product_id, expected.product_id, label);
}

interface ResultOf {
  key: string;
  success: boolean;
  reason: string | null;
  content: Content | null;
  trust: { flagged_offers: number[]; wrong_product_offers?: number[] };
}

describe('batch jobs for every source, key and topic against the sandbox truth', () => {
  let harness: Harness;
  let headers: Record<string, string>;
  before(async () => {
    harness = await startHarness();
    ({ headers } = await harness.account({ credits: 100_000 }));
  });
  after(async () => harness.close());

  async function runJob(payload: Record<string, unknown>) {
    const created = (await harness.app.inject({ method: 'POST', url: '/job', headers, payload })).json();
    assert.equal(created.error, false, JSON.stringify(created));
    const jobId = created.job._id as string;
    for (let polls = 0; polls < 30; polls += 1) {
      const status = (
        await harness.app.inject({ method: 'GET', url: `/job/${jobId}?wait=10`, headers })
      ).json();
      if (status.job.status === 'finished') break;
    }
    return (await harness.app.inject({ method: 'GET', url: `/job/${jobId}/download`, headers })).json()
      .results as ResultOf[];
  }

  it('returns the truth for found values and not found for values that exist nowhere', async () => {
    // `web` reads pages the user names, so the sandbox has no catalogue of it (test/api/web.*.test.ts).
    const specs: SourceSpec[] = harness.runtime.deps.catalogue.all().filter((spec) => !spec.openTargets);
    let checked = 0;
    for (const spec of specs) {
      const country = spec.countries[0] ?? '';
      const truth = (await (
        await fetch(`${harness.sandboxOrigin}/catalog.json?source=${spec.id}&country=${country}`)
      ).json()) as Truth;
      for (const key of Object.keys(spec.keys)) {
        for (const topic of spec.topics.filter((t) => t === 'search' || t === 'search_and_offers')) {
          const cases = casesFor(spec.id, key, topic, truth);
          const missing = (truth.not_found[key] ?? []).slice(0, 1);
          const values = [...cases.map((c) => c.value), ...missing];
          if (values.length === 0) continue;
          const results = await runJob({
            source: spec.id,
            country,
            key,
            topic,
            values,
            fetch_seller_names: true,
          });
          const label = `${spec.id} ${country} ${key} ${topic}`;
          assert.equal(results.length, values.length, label);
          cases.forEach((testCase, index) => {
            const result = results[index];
            assert.equal(result?.success, true, `${label} ${testCase.value}: ${result?.reason}`);
            const complete = key !== 'term' && !(spec.id === 'source_02' && topic === 'search');
            assert.ok(result);
            assertMatches(result, testCase.expected, complete, `${label} ${testCase.value}`);
            checked += 1;
          });
          for (const result of results.slice(cases.length)) {
            assert.deepEqual([result.success, result.reason], [true, 'not found'], `${label} ${result.key}`);
          }
        }
      }
    }
    assert.ok(checked >= 40, `checked ${checked} found values`);
  });
});
