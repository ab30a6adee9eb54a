// Scores the generic product extractor on the real-page fixtures, as the benchmark's evaluate.py does,
// and lists the pages it gets wrong (expected vs found) field by field.
// Usage: npx tsx scripts/score-extractor.ts [--dir ../shared/fixtures/product-pages] [--quiet] [--layout-only]
//          [--marketplace-dir ../shared/fixtures/marketplace-pages] [--holdout DIR]
// --layout-only strips scripts and microdata/RDFa/OpenGraph attributes first, scoring the layout rules alone.
// --holdout DIR scores the held-out half (ids 8-f) of a full copy of the benchmark's dataset at DIR
// (ground-truth.json and html/ of github.com/scrapinghub/product-extraction-benchmark): figures only,
// never the pages, so nobody tunes on them.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_FIXTURE_DIR,
  fixturesPresent,
  runBenchmark,
  type BenchmarkReport,
} from '../src/crawl/extract/benchmark.ts';
import {
  DEFAULT_MARKETPLACE_DIR,
  MARKETPLACE_FIELDS,
  marketplacePresent,
  runMarketplaceBenchmark,
  type MarketplacePage,
} from '../src/crawl/extract/benchmark-marketplace.ts';
import { isIsoCurrency } from '../src/crawl/extract/currency.ts';
import {
  PARTIAL_TRUTH_FIELDS,
  SCORED_FIELDS,
  type Counts,
  type Metrics,
  type ScoredField,
} from '../src/crawl/extract/score.ts';
import type { ExtractedProduct } from '../src/crawl/extract/types.ts';

function main(): number {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      'marketplace-dir': { type: 'string' },
      holdout: { type: 'string' },
      quiet: { type: 'boolean', short: 'q', default: false },
      'layout-only': { type: 'boolean', default: false },
      // Kept for old habits: the error list is printed unless --quiet.
      verbose: { type: 'boolean', short: 'v', default: false },
    },
  });
  const dir = values.dir === undefined ? DEFAULT_FIXTURE_DIR : resolve(values.dir);
  if (!fixturesPresent(dir)) {
    console.error(`score-extractor: no fixtures at ${dir} (expected ground-truth.json and html/*.html.gz)`);
    return 2;
  }
  const layoutOnly = values['layout-only'];
  const report = runBenchmark(dir, { layoutOnly, half: 'dev' });
  if (layoutOnly) console.log('layout only: scripts and structured-data attributes stripped\n');
  console.log(`== dev half of the product-page benchmark (${dir})\n`);
  if (!values.quiet) {
    printErrors(SCORED_FIELDS, report.pages, (p) => `${p.id.slice(0, 8)} ${new URL(p.url).host.padEnd(28)}`);
  }
  printBenchmarkTable(report);
  const products: ExtractedProduct[] = report.pages.map((p) => p.predicted);
  const marketDir =
    values['marketplace-dir'] === undefined ? DEFAULT_MARKETPLACE_DIR : resolve(values['marketplace-dir']);
  if (!layoutOnly && marketplacePresent(marketDir)) {
    const market = runMarketplaceBenchmark(marketDir);
    console.log(`\n== marketplace product pages (${marketDir})\n`);
    if (!values.quiet) {
      const nameOf = (p: MarketplacePage): string =>
        `${p.site.padEnd(14)} ${p.file.replace(/^.*\//u, '').slice(0, 40).padEnd(40)}`;
      printErrors(MARKETPLACE_FIELDS, market.pages, nameOf);
    }
    printTable(MARKETPLACE_FIELDS.map((f) => [f, market.metrics[f]]));
    products.push(...market.pages.map((p) => p.predicted));
  }
  printIsoCoverage(products);
  if (values.holdout !== undefined) {
    const holdoutDir = resolve(values.holdout);
    if (!fixturesPresent(holdoutDir)) {
      console.error(`score-extractor: no benchmark dataset at ${holdoutDir} (ground-truth.json and html/)`);
      return 2;
    }
    const held = runBenchmark(holdoutDir, { layoutOnly, half: 'holdout' });
    console.log(`\n== held-out half (ids 8-f) of ${holdoutDir}: figures only\n`);
    printBenchmarkTable(held);
    printIsoCoverage(held.pages.map((p) => p.predicted));
  }
  printTimings(report);
  return 0;
}

/** A judged page, as both benchmarks report it. */
interface JudgedPage<F extends string> {
  predicted: ExtractedProduct;
  truth: Record<F, string[]>;
  counts: Record<F, Counts>;
}

/** One line per wrong or missing value, grouped by attribute: page, prediction and the acceptable values. */
function printErrors<F extends ScoredField, P extends JudgedPage<F>>(
  fields: readonly F[],
  pages: readonly P[],
  nameOf: (page: P) => string,
): void {
  for (const field of fields) {
    const wrong = pages.filter((p) => p.counts[field].fp > 0 || p.counts[field].fn > 0);
    if (wrong.length === 0) continue;
    console.log(`${field}: ${wrong.length} page(s) wrong or missed`);
    for (const page of wrong) {
      const kind = page.counts[field].fp > 0 ? 'WRONG' : 'MISSED';
      console.log(
        `  ${kind.padEnd(6)} ${nameOf(page)} ` +
          `found ${JSON.stringify(page.predicted[field])} expected ${JSON.stringify(page.truth[field])}`,
      );
    }
  }
  console.log('');
}

function printBenchmarkTable(report: BenchmarkReport): void {
  printTable(SCORED_FIELDS.map((f) => [f, report.metrics[f]]));
  const partial = SCORED_FIELDS.filter((f) => PARTIAL_TRUTH_FIELDS.has(f));
  console.log(
    `\n${partial.join(' and ')}: truth recorded on some pages only; scored over those pages ` +
      `(support), a value found on other pages is not counted. price, sku and availability: every page, ` +
      `as the benchmark's evaluate.py (a value on a page whose truth has none is a false positive).`,
  );
}

function printTable(rows: readonly (readonly [string, Metrics])[]): void {
  const header = ['attribute', 'F1', 'precision', 'recall', 'TP', 'FP', 'FN', 'support'];
  const cells = rows.map(([field, m]) => [
    field,
    m.f1.toFixed(3),
    m.precision.toFixed(3),
    m.recall.toFixed(3),
    m.tp,
    m.fp,
    m.fn,
    m.support,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => String(r[i]).length)));
  const line = (row: readonly (string | number)[]): string =>
    row.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}

/** How many of the pages with a price name its currency by an ISO 4217 code. */
function printIsoCoverage(products: readonly ExtractedProduct[]): void {
  const priced = products.filter((p) => p.price !== null);
  const iso = priced.filter((p) => p.currency !== null && isIsoCurrency(p.currency));
  console.log(`\ncurrency as an ISO 4217 code on ${iso.length} of ${priced.length} pages with a price`);
}

function printTimings(report: BenchmarkReport): void {
  const durations = report.pages.map((p) => p.durationMs).sort((a, b) => a - b);
  const slowest = report.pages.reduce((a, b) => (b.durationMs > a.durationMs ? b : a), report.pages[0]!);
  const median = durations[Math.floor(durations.length / 2)] ?? 0;
  console.log(
    `\n${report.pages.length} dev pages; extraction time (first pass, cold) median ${median.toFixed(0)} ms, ` +
      `max ${slowest.durationMs.toFixed(0)} ms (${slowest.id.slice(0, 8)}); warm figures: npx tsx bench/extract.ts`,
  );
}

process.exitCode = main();
