import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_FIXTURE_DIR, fixturesPresent, runBenchmark } from './benchmark.ts';

/**
 * Regression guard on the real-page benchmark (dev half). The floors sit a little under the
 * scores reached when they were set (price 0.928, sku 0.971, availability 1.000), so a change
 * that loses two or three pages fails here.
 */
const FLOORS = { price: 0.9, sku: 0.94, availability: 0.97 };

/** Per-page budget: the acceptance check allows 10 s per page including process start. */
const MAX_PAGE_MS = 2000;

const present = fixturesPresent(DEFAULT_FIXTURE_DIR);

describe('product extractor on the real-page benchmark', () => {
  it(
    'keeps price, sku and availability F1 above their floors on the dev pages',
    { skip: present ? false : `fixtures not found at ${DEFAULT_FIXTURE_DIR}` },
    () => {
      const report = runBenchmark(DEFAULT_FIXTURE_DIR);
      assert.equal(report.pages.length, 73, 'all dev pages were scored');
      for (const [field, floor] of Object.entries(FLOORS) as [keyof typeof FLOORS, number][]) {
        const { f1 } = report.metrics[field];
        assert.ok(f1 >= floor, `${field} F1 ${f1.toFixed(3)} fell below ${floor}`);
      }
      const slowest = Math.max(...report.pages.map((p) => p.durationMs));
      assert.ok(slowest < MAX_PAGE_MS, `slowest page took ${slowest.toFixed(0)} ms`);
    },
  );
});
