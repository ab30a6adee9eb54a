import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeHtml } from './decode.ts';
import { extractProduct } from './extract.ts';
import { judge, metricsOf, type Counts, type Metrics } from './score.ts';
import type { ExtractedProduct } from './types.ts';

/**
 * The marketplace pages beside the checkout (`../shared/fixtures/marketplace-pages`), read in
 * place: real product pages of the sites behind the sources, with the facts a person read off
 * each page in `manifest.json`.
 */
export const DEFAULT_MARKETPLACE_DIR = fileURLToPath(
  new URL('../../../../shared/fixtures/marketplace-pages', import.meta.url),
);

/** The fields scored on the marketplace pages: the manifest records the main price and its ISO code. */
export const MARKETPLACE_FIELDS = ['price', 'currency'] as const;
/** One of {@link MARKETPLACE_FIELDS}. */
export type MarketplaceField = (typeof MARKETPLACE_FIELDS)[number];

/** One marketplace product page, extracted and judged. */
export interface MarketplacePage {
  file: string;
  site: string;
  url: string | null;
  predicted: ExtractedProduct;
  truth: Record<MarketplaceField, string[]>;
  counts: Record<MarketplaceField, Counts>;
}

/** Scores over the marketplace product pages. */
export interface MarketplaceReport {
  pages: MarketplacePage[];
  metrics: Record<MarketplaceField, Metrics>;
}

interface ManifestPage {
  file: string;
  site: string;
  page_type: string;
  sidecar?: string;
  expected?: { main_price?: number | null; currency?: string };
  facts?: { main_price?: number | null; currency?: string };
}

/** True when the manifest is there. */
export function marketplacePresent(dir: string): boolean {
  return existsSync(join(dir, 'manifest.json'));
}

/**
 * Runs the extractor over every HTML product page the manifest lists (search pages and API
 * answers are left out) and judges price and currency against the manifest's facts. The currency
 * must be the ISO code itself (the manifest records codes, so `$` does not count for `USD`).
 * Each page gets the address its capture recorded (a sidecar's `url`, the benchmark's ground
 * truth for pages of the benchmark), or none when nothing recorded it.
 */
export function runMarketplaceBenchmark(dir: string): MarketplaceReport {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { pages: ManifestPage[] };
  const pages: MarketplacePage[] = [];
  for (const entry of manifest.pages) {
    if (!entry.page_type.startsWith('product') || !entry.file.endsWith('.html.gz')) continue;
    const facts = entry.expected ?? entry.facts ?? {};
    const url = recordedUrl(dir, entry);
    const predicted = extractProduct(
      decodeHtml(readFileSync(join(dir, entry.file))),
      url === null ? {} : { url },
    );
    const truth = {
      price: facts.main_price == null ? [] : [String(facts.main_price)],
      currency: facts.currency === undefined || facts.main_price == null ? [] : [facts.currency],
    };
    const counts = {
      price: judge('price', truth.price, predicted.price),
      currency: judgeIsoCurrency(truth.currency, predicted.currency),
    };
    pages.push({ file: entry.file, site: entry.site, url, predicted, truth, counts });
  }
  const metrics = {
    price: metricsOf(pages.map((p) => p.counts.price)),
    currency: metricsOf(pages.map((p) => p.counts.currency)),
  };
  return { pages, metrics };
}

/** A currency judged as the exact ISO code; pages without a recorded currency are left out. */
function judgeIsoCurrency(truth: readonly string[], predicted: string | null): Counts {
  if (truth.length === 0) return { tp: 0, fp: 0, fn: 0, support: 0 };
  if (predicted === null) return { tp: 0, fp: 0, fn: 1, support: 1 };
  return truth.includes(predicted)
    ? { tp: 1, fp: 0, fn: 0, support: 1 }
    : { tp: 0, fp: 1, fn: 1, support: 1 };
}

/** The page's original address as its capture recorded it, or null. */
function recordedUrl(dir: string, entry: ManifestPage): string | null {
  if (entry.sidecar !== undefined) {
    const sidecar = JSON.parse(readFileSync(join(dir, entry.sidecar), 'utf8')) as { url?: unknown };
    if (typeof sidecar.url === 'string') return sidecar.url;
  }
  const id = /([0-9a-f]{64})\.html\.gz$/u.exec(entry.file)?.[1];
  const truthFile = join(dirname(join(dir, entry.file)), '..', 'ground-truth.json');
  if (id === undefined || !existsSync(truthFile)) return null;
  const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as Record<string, { url?: string }>;
  return truth[id]?.url ?? null;
}
