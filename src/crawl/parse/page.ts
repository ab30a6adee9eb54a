/**
 * Turning a fetched page into something a driver can read, or a `PageParseError` the engine retries.
 * Drivers parse with `cheerio/slim` (htmlparser2 underneath) and read JSON-LD and embedded JSON
 * state from the raw text before building any DOM.
 */
import { load, type CheerioAPI } from 'cheerio/slim';
import { extractJsonLd, findProductNodes, isJsonObject, type JsonObject } from '../extract/jsonld.ts';
import { PageParseError } from '../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../vocabulary/crawl.types.ts';

/** A selection of elements, as `$(…).find(…)` answers it. */
export type Selection = ReturnType<ReturnType<CheerioAPI['root']>['find']>;

const BLOCK_TITLE = /<title[^>]*>[^<]*robot check/i;

/**
 * Checks that a page is a whole document and not a block page: truncated transfers end before
 * `</html>`, and captcha interstitials arrive with status 200. `</html>` may stand anywhere: real
 * pages carry comments and scripts after it (Amazon's search pages), so the last bytes prove nothing.
 */
export function assertCompletePage(page: FetchedPage): void {
  if (BLOCK_TITLE.test(page.body) && /captcha/i.test(page.body)) {
    throw new PageParseError(`block page instead of content: ${page.url}`);
  }
  // The literal `</html>` found from the end answers at once on whole pages; the pattern (case,
  // spaces) only when it is missing: a 1.5 MB body costs the pattern about 0.4 ms.
  if (!page.body.includes('</html>', page.body.length - TAIL_CHARS) && !CLOSING_HTML.test(page.body))
    throw new PageParseError(`truncated page: ${page.url}`);
}

/** How far from the end `</html>` is looked for as a literal before the pattern searches the whole body. */
const TAIL_CHARS = 64 * 1024;

const CLOSING_HTML = /<\/html\s*>/i;

/** A complete page as a cheerio document. */
export function loadPage(page: FetchedPage): CheerioAPI {
  assertCompletePage(page);
  return load(page.body);
}

/** The first schema.org Product node of the page's JSON-LD, or undefined. */
export function jsonLdProduct(page: FetchedPage): JsonObject | undefined {
  return findProductNodes(extractJsonLd(page.body))[0];
}

/**
 * The JSON of `<script id="…" type="application/json">` (embedded page state), read without a DOM.
 * Throws `PageParseError` when the script is missing or not valid JSON (a cut-off page).
 */
export function embeddedJson(page: FetchedPage, scriptId: string): JsonObject {
  const pattern = new RegExp(`<script[^>]*\\bid="${scriptId}"[^>]*>([\\s\\S]*?)</script>`, 'i');
  const raw = pattern.exec(page.body)?.[1];
  if (raw === undefined) throw new PageParseError(`no #${scriptId} state in ${page.url}`);
  try {
    const state: unknown = JSON.parse(raw);
    if (isJsonObject(state)) return state;
  } catch {
    // fall through to the parse error below
  }
  throw new PageParseError(`unreadable #${scriptId} state in ${page.url}`);
}

/** Throws `PageParseError` naming `what` when a required part of a page is missing. */
export function required<T>(value: T | null | undefined, what: string, page: FetchedPage): T {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) {
    throw new PageParseError(`${what} missing on ${page.url}`);
  }
  return value;
}

/** An absolute URL from a link on a page (`href` relative to the page's URL). */
export function absoluteUrl(href: string, page: FetchedPage): string {
  return new URL(href, page.url).toString();
}
