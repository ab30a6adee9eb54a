/**
 * A fetched page's text read without building it whole (issue 23 point 3). A body of UTF-8 bytes
 * decodes to one string of two bytes a character as soon as one character is beyond Latin-1 — a
 * 1.5 MB product page with three such bytes became 3 MB of text and took longer to decode than to
 * scan (docs/performance.md, "The engine's cost per page"). Read in pieces, the pure-ASCII pieces
 * (nearly all of a page) are copied as one-byte strings, and a streaming parser takes them in turn:
 * the whole text is never built, and the page stays held once, as its bytes.
 *
 * The fetcher registers its pages here (crawl/fetcher/fetcher.page.ts); a page it did not make (a
 * test's, a rendered page's text) is read through its `body`, in one piece.
 */
import type { FetchedPage } from '../vocabulary/crawl.types.ts';

/** What a page's body can answer without decoding it whole. */
export interface PieceSource {
  /**
   * The text in pieces whose concatenation is the whole text, decoded as they are taken. With
   * `skipRawText`, asked before each piece: while it answers true, stretches of text without a `<`
   * may be left out (a parser inside a script body no one reads).
   */
  pieces(skipRawText?: () => boolean): Iterable<string>;
  /** The first `chars` UTF-16 units of the text. */
  head(chars: number): string;
  /** The last `chars` UTF-16 units of the text. */
  tail(chars: number): string;
}

const sources = new WeakMap<FetchedPage, PieceSource>();

/** Lets readers of `page` take its text from `source` rather than from `page.body`. */
export function readPageFrom(page: FetchedPage, source: PieceSource): void {
  sources.set(page, source);
}

/** What `page`'s text is read from when it was registered by {@link readPageFrom}, else undefined. */
export function pieceSourceOf(page: FetchedPage): PieceSource | undefined {
  return sources.get(page);
}

/** The page's text in pieces, whose concatenation is `page.body`. */
export function textPieces(page: FetchedPage): Iterable<string> {
  return sources.get(page)?.pieces() ?? [page.body];
}

/**
 * The page's text for a reader that may skip: given its `skipRawText`, the page's pieces, from
 * which stretches without a `<` are left out while it answers true.
 */
export type SkippablePieces = (skipRawText: () => boolean) => Iterable<string>;

/** The page's text as {@link SkippablePieces}: its pieces, all of them when nothing is skipped. */
export function skippablePieces(page: FetchedPage): SkippablePieces {
  return (skipRawText) => sources.get(page)?.pieces(skipRawText) ?? [page.body];
}

/** The first `chars` UTF-16 units of `page.body`. */
export function textHead(page: FetchedPage, chars: number): string {
  return sources.get(page)?.head(chars) ?? page.body.slice(0, chars);
}

/** The last `chars` UTF-16 units of `page.body` (the whole text when it is shorter). */
export function textTail(page: FetchedPage, chars: number): string {
  return sources.get(page)?.tail(chars) ?? page.body.slice(-chars);
}
