import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_FIXTURE_DIR, fixturesPresent, runBenchmark } from './benchmark.ts';

/**
 * Regression guard on the real-page benchmark (dev half), not a timing test (bench/extract.ts
 * measures speed). The floors sit a little under the scores reached when they were set (price
 * 0.928, currency 1.000, sku 0.971, gtin 1.000, availability 1.000; see docs/extraction.md), so
 * a change that loses one page still passes and one that loses two fails.
 */
const FLOORS = { price: 0.91, currency: 0.96, sku: 0.94, gtin: 0.85, availability: 0.97 };

const present = fixturesPresent(DEFAULT_FIXTURE_DIR);

describe('product extractor on the real-page benchmark', () => {
  it(
    'keeps price, currency, sku, gtin and availability F1 above their floors on the dev pages',
    {
      skip: present
        ? false
        : `real-page fixtures not found at ${DEFAULT_FIXTURE_DIR} (ground-truth.json and html/*.html.gz); ` +
          'the extractor regression guard needs them',
    },
    () => {
      const report = runBenchmark(DEFAULT_FIXTURE_DIR);
      assert.equal(report.pages.length, 73, 'all dev pages were scored');
      for (const [field, floor] of Object.entries(FLOORS) as [keyof typeof FLOORS, number][]) {
        const { f1 } = report.metrics[field];
        assert.ok(f1 >= floor, `${field} F1 ${f1.toFixed(3)} fell below ${floor}`);
      }
    },
  );
});
