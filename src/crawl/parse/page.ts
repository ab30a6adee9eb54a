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
  if (!hasClosingHtml(page.body)) throw new PageParseError(`truncated page: ${page.url}`);
}

const CLOSING_HTML = /<\/html\s*>/i;
/** How far from the end `</html>` is looked for first; most pages close within it. */
const CLOSING_TAIL = 64 * 1024;

/**
 * Whether `</html>` stands anywhere in `body`. The tail is searched first: a whole 1.5 MB page then
 * costs a few microseconds instead of a regular-expression pass over all of it (about 0.4 ms), and a
 * match in the tail is a match in the page; only a page without one in its tail is searched whole.
 */
function hasClosingHtml(body: string): boolean {
  if (body.length > CLOSING_TAIL && CLOSING_HTML.test(body.slice(-CLOSING_TAIL))) return true;
  return CLOSING_HTML.test(body);
}

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
