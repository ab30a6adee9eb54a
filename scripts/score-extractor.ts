// Scores the generic product extractor on the real-page fixtures, as the benchmark's evaluate.py does,
// and lists the pages it gets wrong (expected vs found) field by field.
// Usage: npx tsx scripts/score-extractor.ts [--dir ../shared/fixtures/product-pages] [--quiet] [--layout-only]
// --layout-only strips scripts and microdata/RDFa/OpenGraph attributes first, scoring the layout rules alone.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_FIXTURE_DIR,
  fixturesPresent,
  runBenchmark,
  type BenchmarkReport,
} from '../src/crawl/extract/benchmark.ts';
import { PARTIAL_TRUTH_FIELDS, SCORED_FIELDS } from '../src/crawl/extract/score.ts';

function main(): number {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
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
  const report = runBenchmark(dir, { layoutOnly: values['layout-only'] });
  if (values['layout-only']) console.log('layout only: scripts and structured-data attributes stripped\n');
  if (!values.quiet) printErrors(report);
  printTable(report);
  printTimings(report);
  return 0;
}

/** One line per wrong or missing value, grouped by attribute: page, prediction and the acceptable values. */
function printErrors(report: BenchmarkReport): void {
  for (const field of SCORED_FIELDS) {
    const wrong = report.pages.filter((p) => p.counts[field].fp > 0 || p.counts[field].fn > 0);
    if (wrong.length === 0) continue;
    console.log(`${field}: ${wrong.length} page(s) wrong or missed`);
    for (const page of wrong) {
      const kind = page.counts[field].fp > 0 ? 'WRONG' : 'MISSED';
      const host = new URL(page.url).host;
      console.log(
        `  ${kind.padEnd(6)} ${page.id.slice(0, 8)} ${host.padEnd(28)} ` +
          `found ${JSON.stringify(page.predicted[field])} expected ${JSON.stringify(page.truth[field])}`,
      );
    }
  }
  console.log('');
}

function printTable(report: BenchmarkReport): void {
  const header = ['attribute', 'F1', 'precision', 'recall', 'TP', 'FP', 'FN', 'support'];
  const rows = SCORED_FIELDS.map((field) => {
    const m = report.metrics[field];
    return [field, m.f1.toFixed(3), m.precision.toFixed(3), m.recall.toFixed(3), m.tp, m.fp, m.fn, m.support];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly (string | number)[]): string =>
    cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  const partial = SCORED_FIELDS.filter((f) => PARTIAL_TRUTH_FIELDS.has(f));
  console.log(
    `\n${partial.join(' and ')}: truth recorded on some pages only; scored over those pages ` +
      `(support), a value found on other pages is not counted. price, sku and availability: every page, ` +
      `as the benchmark's evaluate.py (a value on a page whose truth has none is a false positive).`,
  );
}

function printTimings(report: BenchmarkReport): void {
  const durations = report.pages.map((p) => p.durationMs).sort((a, b) => a - b);
  const slowest = report.pages.reduce((a, b) => (b.durationMs > a.durationMs ? b : a), report.pages[0]!);
  const median = durations[Math.floor(durations.length / 2)] ?? 0;
  console.log(
    `\n${report.pages.length} pages; extraction time (first pass, cold) median ${median.toFixed(0)} ms, ` +
      `max ${slowest.durationMs.toFixed(0)} ms (${slowest.id.slice(0, 8)}); warm figures: npx tsx bench/extract.ts`,
  );
}

process.exitCode = main();
