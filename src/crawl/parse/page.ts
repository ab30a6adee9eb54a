/**
 * Turning a fetched page into something a driver can read, or a `PageParseError` the engine retries.
 * Drivers parse with `cheerio/slim` (htmlparser2 underneath) or a streaming scan (`scan.ts`), and
 * read JSON-LD and embedded JSON state from the page's text pieces before building any DOM: a
 * fetched page is not decoded whole for them (`extract/script-blocks.ts`).
 */
import { load, type CheerioAPI } from 'cheerio/slim';
import {
  findProductNodes,
  isJsonObject,
  jsonLdOfPieces,
  jsonLdReader,
  type JsonObject,
} from '../extract/jsonld.ts';
import { scriptBlocks, type ScriptPattern } from '../extract/script-blocks.ts';
import { matchTagAt } from '../../platform/lib/tag-match.ts';
import { PageParseError } from '../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../vocabulary/crawl.types.ts';
import { skippablePieces, textHead, textPieces, textTail } from './page-text.ts';
import { scanElements, type KeepElement, type ScannedElement } from './scan.ts';

/** A selection of elements, as `$(…).find(…)` answers it. */
export type Selection = ReturnType<ReturnType<CheerioAPI['root']>['find']>;

/** Tried at each `<` of the head that opens a `t`/`T` element (`matchTagAt`), not searched for. */
const BLOCK_TITLE = /<title[^>]*>[^<]*robot check/iy;
const CAPTCHA = /captcha/i;
const CLOSING_HTML = /<\/html\s*>/i;

/**
 * A block page is small: its title and its captcha form stand in the first bytes, where the
 * fetcher's block detection looks too (`fetcher/block-pages.ts`). Scanning a 1.5 MB product page
 * whole for them cost up to a millisecond per page.
 */
const BLOCK_HEAD_CHARS = 64 * 1024;
/**
 * Where `</html>` is looked for first: real pages end with it or with a few comments and scripts
 * after it (Amazon's: at most 1.5 KB in the saved pages). Only a page without it there is scanned
 * whole, so the answer is the same as a whole scan's and a complete page costs the tail alone.
 */
const CLOSING_TAIL_CHARS = 16 * 1024;

/**
 * Whether `</html>` stands anywhere in the page, looked for in the tail first: a complete page is
 * not decoded whole for it (crawl/parse/page-text.ts).
 */
function hasClosingHtml(page: FetchedPage): boolean {
  return CLOSING_HTML.test(textTail(page, CLOSING_TAIL_CHARS)) || CLOSING_HTML.test(page.body);
}

/**
 * Checks that a page is a whole document and not a block page: truncated transfers end before
 * `</html>`, and captcha interstitials arrive with status 200. `</html>` may stand anywhere: real
 * pages carry comments and scripts after it (Amazon's search pages), so a page without it in its
 * tail is searched whole before it counts as cut off.
 */
export function assertCompletePage(page: FetchedPage): void {
  const head = textHead(page, BLOCK_HEAD_CHARS);
  if (matchTagAt(head, 0, BLOCK_TITLE) !== null && CAPTCHA.test(head)) {
    throw new PageParseError(`block page instead of content: ${page.url}`);
  }
  if (!hasClosingHtml(page)) throw new PageParseError(`truncated page: ${page.url}`);
}

/** A complete page as a cheerio document. */
export function loadPage(page: FetchedPage): CheerioAPI {
  assertCompletePage(page);
  return load(page.body);
}

/**
 * Every JSON-LD node of the page, as `extractJsonLd(page.body)` reads them, found in its text
 * pieces. A parser that reads several things from the JSON-LD reads it once, with this.
 */
export function pageJsonLd(page: FetchedPage): unknown[] {
  return jsonLdOfPieces(textPieces(page));
}

/** `pieces` as they are taken, each handed to `tap` on its way. */
function* tapped(pieces: Iterable<string>, tap: (piece: string) => void): Generator<string> {
  for (const piece of pieces) {
    tap(piece);
    yield piece;
  }
}

/**
 * The page's streaming scan (`scanElements`) and its JSON-LD nodes ({@link pageJsonLd}) from one
 * reading of its pieces: a fetched page's text is decoded once for both.
 */
export function scanWithJsonLd(
  page: FetchedPage,
  keep: KeepElement,
): { kept: ScannedElement[]; jsonLd: unknown[] } {
  const jsonLd = jsonLdReader();
  const pieces = skippablePieces(page);
  const kept = scanElements(
    (scanMaySkip) =>
      tapped(
        pieces(() => scanMaySkip() && jsonLd.quiet()),
        jsonLd.write,
      ),
    keep,
  );
  return { kept, jsonLd: jsonLd.nodes() };
}

/** The first schema.org Product node of the page's JSON-LD, or undefined. */
export function jsonLdProduct(page: FetchedPage): JsonObject | undefined {
  return findProductNodes(pageJsonLd(page))[0];
}

/**
 * `<script id="…">` as `/<script[^>]*\bid="…"[^>]*>([\s\S]*?)<\/script>/i` found it over the whole
 * text (any case, the id among other attributes in any order, `</script>` exactly).
 */
function idScript(scriptId: string): ScriptPattern {
  let pattern = idScripts.get(scriptId);
  if (pattern === undefined) {
    const openTag = new RegExp(`^<script[^>]*\\bid="${scriptId}"[^>]*>$`, 'i');
    pattern = { start: /<script/iy, wanted: (tag) => openTag.test(tag), end: /<\/script>/iy };
    idScripts.set(scriptId, pattern);
  }
  return pattern;
}

/** Each script id's pattern, made once: a driver asks for the same id on every page. */
const idScripts = new Map<string, ScriptPattern>();

/**
 * The JSON of `<script id="…" type="application/json">` (embedded page state), read without a DOM
 * and without decoding the page past the script. Throws `PageParseError` when the script is missing
 * or not valid JSON (a cut-off page).
 */
export function embeddedJson(page: FetchedPage, scriptId: string): JsonObject {
  const raw = scriptBlocks(textPieces(page), idScript(scriptId), true)[0]?.text;
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
