/**
 * The real saved pages of the sites behind the sources (`../shared/fixtures/marketplace-pages/`,
 * G34), read in place with the facts of their manifest. A driver's fixture test lists the pages of
 * its source with `marketplacePages(source)` and runs each through its parsers; where the fixtures
 * are missing the tests skip with a message that says where they belong, and under `CI=true` a
 * missing fixture is a failure instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';

/** The fixture folder beside the checkout. */
export const MARKETPLACE_PAGES_DIR = fileURLToPath(
  new URL('../../../shared/fixtures/marketplace-pages', import.meta.url),
);

/** One page of the manifest, with the facts a person read off it (`expected` or `facts`). */
export interface MarketplacePage {
  file: string;
  source: string;
  site: string;
  page_type: string;
  captured?: string;
  sidecar?: string;
  notes?: string;
  /** The manifest's facts about the page, whichever of `expected` and `facts` it uses. */
  facts: Record<string, unknown>;
}

interface RawEntry extends Omit<MarketplacePage, 'facts'> {
  expected?: Record<string, unknown>;
  facts?: Record<string, unknown>;
}

/** True when the manifest is there. */
export function marketplacePagesPresent(dir = MARKETPLACE_PAGES_DIR): boolean {
  return existsSync(join(dir, 'manifest.json'));
}

/**
 * Why the fixture tests of a source cannot run, for `it(…, { skip })`: a message when the fixtures
 * are absent, false when they are there or under `CI=true` (where the test then fails on reading).
 */
export function skipWithoutMarketplacePages(dir = MARKETPLACE_PAGES_DIR): string | false {
  if (marketplacePagesPresent(dir) || process.env['CI'] === 'true') return false;
  return `real marketplace pages not found at ${dir} (manifest.json and pages/); the driver fixture tests need them`;
}

/**
 * The manifest's pages whose `source` is `source` (reference-only pages are never listed), or every
 * page of the manifest, reference-only ones included, when `source` is undefined.
 */
export function marketplacePages(source?: string, dir = MARKETPLACE_PAGES_DIR): MarketplacePage[] {
  if (!marketplacePagesPresent(dir) && process.env['CI'] !== 'true') return [];
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { pages: RawEntry[] };
  return manifest.pages
    .filter((entry) => source === undefined || entry.source === source)
    .map(({ expected, facts, ...entry }) => ({ ...entry, facts: expected ?? facts ?? {} }));
}

/** A manifest page by the name of its file (without folders), or a thrown error naming it. */
export function marketplacePage(
  source: string,
  fileName: string,
  dir = MARKETPLACE_PAGES_DIR,
): MarketplacePage {
  const page = marketplacePages(source, dir).find((entry) => entry.file.endsWith(`/${fileName}`));
  if (!page) throw new Error(`no page ${fileName} of ${source} in ${join(dir, 'manifest.json')}`);
  return page;
}

/** The page's body as the site sent it (the fixtures are gzip-compressed). */
export function marketplaceBody(page: MarketplacePage, dir = MARKETPLACE_PAGES_DIR): string {
  const raw = readFileSync(join(dir, page.file));
  return (page.file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
}

/** The sidecar JSON the capturing repository kept beside a page, or undefined. */
function sidecarOf(page: MarketplacePage, dir: string): Record<string, unknown> | undefined {
  if (page.sidecar === undefined) return undefined;
  return JSON.parse(readFileSync(join(dir, page.sidecar), 'utf8')) as Record<string, unknown>;
}

/**
 * The address the page was captured from: its sidecar's `url`, the source URL its `captured` note
 * names, else the site's home page (search pages and API answers recorded none).
 */
export function marketplaceUrl(page: MarketplacePage, dir = MARKETPLACE_PAGES_DIR): string {
  const sidecarUrl = sidecarOf(page, dir)?.['url'];
  if (typeof sidecarUrl === 'string') return sidecarUrl;
  const named = /source URL (https?:\/\/\S+?)\)?$/u.exec(page.captured ?? '')?.[1];
  if (named !== undefined) return named;
  const host = page.site.split(' ')[0] ?? page.site;
  return `https://www.${host}/`;
}

/** The page as a fetch would have answered it, at the given address (default: where it came from). */
export function marketplaceFetched(
  page: MarketplacePage,
  url?: string,
  dir = MARKETPLACE_PAGES_DIR,
): FetchedPage {
  const json = page.file.includes('.json');
  return {
    url: url ?? marketplaceUrl(page, dir),
    status: 200,
    body: marketplaceBody(page, dir),
    headers: { 'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8' },
  };
}

/** A manifest title cut with `...` (or `…`) as the prefix it keeps; a whole title as is. */
export function titlePrefix(title: string): string {
  return title.replace(/\s*(?:\.\.\.|…)$/u, '');
}
