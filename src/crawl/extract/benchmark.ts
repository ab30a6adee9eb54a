import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeHtml } from './decode.ts';
import { extractProduct } from './extract.ts';
import { SCORED_FIELDS, judge, metricsOf, type Counts, type Metrics, type ScoredField } from './score.ts';
import type { ExtractedProduct } from './types.ts';

/**
 * The product-page fixtures beside the checkout (`../shared/fixtures/product-pages`), read in place:
 * the pages are never copied into the repository.
 */
export const DEFAULT_FIXTURE_DIR = fileURLToPath(
  new URL('../../../../shared/fixtures/product-pages', import.meta.url),
);

/** One page's ground truth: its address and, per attribute, the acceptable values. */
export interface PageTruth {
  url: string;
  [field: string]: string | string[];
}

/** The result of extracting one page, with its judgement per scored attribute. */
export interface PageResult {
  id: string;
  url: string;
  predicted: ExtractedProduct;
  truth: Record<ScoredField, string[]>;
  counts: Record<ScoredField, Counts>;
  durationMs: number;
}

/** Scores of a whole run. */
export interface BenchmarkReport {
  pages: PageResult[];
  metrics: Record<ScoredField, Metrics>;
}

/** Options of {@link runBenchmark}. */
export interface BenchmarkOptions {
  /**
   * Strip every script (JSON-LD and embedded state) and the microdata/RDFa/OpenGraph attributes
   * before extracting, so the layout heuristics are scored alone: how the extractor does on a
   * page whose markup carries no structured data.
   */
  layoutOnly?: boolean;
  /**
   * Which half of the benchmark to score: `dev` (ids 0-7, the pages tuned on), `holdout` (ids 8-f,
   * scored only to measure, never looked at page by page) or `all` (default: every page present).
   */
  half?: BenchmarkHalf;
}

/** The benchmark's halves, split by page id: dev pages start with 0-7, held-out ones with 8-f. */
export type BenchmarkHalf = 'dev' | 'holdout' | 'all';

/** True when a page id belongs to the half asked for. */
export function inHalf(id: string, half: BenchmarkHalf): boolean {
  if (half === 'all') return true;
  return /^[0-7]/u.test(id) === (half === 'dev');
}

/** The page with scripts and structured-data attributes removed (see {@link BenchmarkOptions}). */
export function withoutStructuredData(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/giu, '')
    .replace(
      /\s(?:itemprop|itemscope|itemtype|itemid|property|typeof|vocab)=(?:"[^"]*"|'[^']*'|[^\s>]+)/giu,
      '',
    );
}

/** True when the fixture directory holds the ground truth and the pages. */
export function fixturesPresent(dir: string): boolean {
  return existsSync(join(dir, 'ground-truth.json')) && existsSync(join(dir, 'html'));
}

/** The acceptable values of a field as a list (absent means the page has none). */
function truthValues(truth: PageTruth, field: ScoredField): string[] {
  const value = truth[field];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Runs the extractor over every page of the fixture set (gunzipped in memory) with the page's
 * original URL, and scores price, SKU and availability as the benchmark does.
 */
export function runBenchmark(dir: string, options: BenchmarkOptions = {}): BenchmarkReport {
  const groundTruth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<
    string,
    PageTruth
  >;
  const files = readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html.gz'))
    .sort();
  const pages: PageResult[] = [];
  for (const file of files) {
    const id = file.replace(/\.html\.gz$/u, '');
    const truthRecord = groundTruth[id];
    if (truthRecord === undefined || !inHalf(id, options.half ?? 'all')) continue;
    // Decoded as the extract command decodes files, so scores match what the CLI prints.
    const decoded = decodeHtml(readFileSync(join(dir, 'html', file)));
    const html = options.layoutOnly === true ? withoutStructuredData(decoded) : decoded;
    const started = performance.now();
    const predicted = extractProduct(html, { url: truthRecord.url });
    const durationMs = performance.now() - started;
    const truth = Object.fromEntries(SCORED_FIELDS.map((f) => [f, truthValues(truthRecord, f)])) as Record<
      ScoredField,
      string[]
    >;
    const counts = Object.fromEntries(
      SCORED_FIELDS.map((f) => [f, judge(f, truth[f], predicted[f])]),
    ) as Record<ScoredField, Counts>;
    pages.push({ id, url: truthRecord.url, predicted, truth, counts, durationMs });
  }
  const metrics = Object.fromEntries(
    SCORED_FIELDS.map((f) => [f, metricsOf(pages.map((p) => p.counts[f]))]),
  ) as Record<ScoredField, Metrics>;
  return { pages, metrics };
}
