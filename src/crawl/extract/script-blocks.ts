/**
 * Script elements found in a page's text as it is read, piece by piece (issue 23). JSON-LD and
 * embedded state (`__NEXT_DATA__`) were read with one regular expression over the whole text, which
 * made a fetched page decode whole (to two-byte text where it holds a `€`) before its parser's
 * streaming scan read it again in pieces. Here the same elements are found in the pieces
 * (`crawl/parse/page-text.ts`), one at a time: a tag cut between two pieces is carried to the next.
 *
 * Each reader keeps its own expression's rules (case, `\b`, the closing tag's spaces), given as a
 * {@link ScriptPattern}, so the elements found are the ones its expression matched over the whole
 * text: a candidate starts at every match of `start`, its open tag ends at the first `>`, and its
 * body at the first `end` after that; an open tag that is not wanted is searched past by one
 * character, as a regular expression moves on after failing there.
 */
import { matchTagAt } from '../../platform/lib/tag-match.ts';

/**
 * Which script elements a reader wants, as its whole-text expression found them. Script elements
 * only: what the end of a piece may hold of a tag still cut off ({@link CUT_TAG}) is known for
 * `<script` and `</script` alone.
 */
export interface ScriptPattern {
  /**
   * Where an element may start: a sticky expression beginning with `<`, such as `/<script\b/iuy`,
   * tried at each `<` (found by `indexOf`, several times faster than a case-insensitive search).
   */
  readonly start: RegExp;
  /** Whether an open tag, from its `<` to the first `>` after it, is one of the wanted elements. */
  readonly wanted: (openTag: string) => boolean;
  /** The closing tag: a sticky expression such as `/<\/script\s*>/iuy`, tried at each `<`. */
  readonly end: RegExp;
}

/** A script element found: its open tag and its body, the text between the tags. */
export interface ScriptText {
  readonly openTag: string;
  readonly text: string;
}

/**
 * What the end of a piece may hold of a `<script` or `</script…>` still cut off: every prefix of
 * either, and the closing tag's spaces. Wider than any pattern's own tokens (the `u` flag's case
 * folding), which only carries a few characters more.
 */
const CUT_TAG = /^<\/?(?:s(?:c(?:r(?:i(?:p(?:t\s*)?)?)?)?)?)?$/iu;

const LESS_THAN = 0x3c;

/** The first match of the sticky `tag` at a `<` at or after `from`, else undefined. */
function tagAt(text: string, from: number, tag: RegExp): { index: number; end: number } | undefined {
  const match = matchTagAt(text, from, tag);
  return match === null ? undefined : { index: match.index, end: tag.lastIndex };
}

/** `</script` is the longest tag start that {@link CUT_TAG} reads before its spaces. */
const CUT_TAG_CHARS = 8;
const SPACE = /\s/u;

/**
 * Where the unread end of `text` (from `from`) must be kept for the next piece: a cut tag, else
 * none. Looked for backwards over the end's spaces and a tag's length only (`lastIndexOf` would walk
 * a whole piece without a `<`).
 */
function cutTagAt(text: string, from: number): number {
  let end = text.length;
  while (end > from && SPACE.test(text[end - 1] as string)) end -= 1;
  for (let at = end - 1; at >= from && at >= end - CUT_TAG_CHARS; at -= 1) {
    if (text.charCodeAt(at) === LESS_THAN) return CUT_TAG.test(text.slice(at)) ? at : text.length;
  }
  return text.length;
}

/** An element whose open tag was read and whose body is being collected. */
interface OpenElement {
  openTag: string;
  parts: string[];
}

/** Where the reading of the pieces stands between two pieces. */
interface Reading {
  /** Text of the previous piece that is read again with the next: a cut tag or open tag. */
  carried: string;
  open: OpenElement | undefined;
}

/** Reads `text` (the carried text and one piece) from `reading`, collecting the elements it closes. */
function readText(text: string, reading: Reading, pattern: ScriptPattern, found: ScriptText[]): void {
  let at = 0;
  for (;;) {
    const open = reading.open;
    if (open !== undefined) {
      const end = tagAt(text, at, pattern.end);
      if (end === undefined) {
        const cut = cutTagAt(text, at);
        open.parts.push(text.slice(at, cut));
        reading.carried = text.slice(cut);
        return;
      }
      open.parts.push(text.slice(at, end.index));
      found.push({ openTag: open.openTag, text: open.parts.join('') });
      reading.open = undefined;
      at = end.end;
      continue;
    }
    const start = tagAt(text, at, pattern.start);
    if (start === undefined) {
      reading.carried = text.slice(cutTagAt(text, at));
      return;
    }
    const close = text.indexOf('>', start.index);
    if (close < 0) {
      reading.carried = text.slice(start.index);
      return;
    }
    const openTag = text.slice(start.index, close + 1);
    if (pattern.wanted(openTag)) reading.open = { openTag, parts: [] };
    at = reading.open === undefined ? start.index + 1 : close + 1;
  }
}

/**
 * Finds the wanted script elements of a text given to it piece by piece, for a reader that takes
 * the pieces anyway (a parser's scan): the text is decoded once for both.
 */
export class ScriptReader {
  /** The elements found so far, in document order. */
  readonly found: ScriptText[] = [];
  readonly #reading: Reading = { carried: '', open: undefined };

  constructor(readonly pattern: ScriptPattern) {}

  /** Reads the next piece of the text. */
  write(piece: string): void {
    readText(this.#reading.carried + piece, this.#reading, this.pattern, this.found);
  }

  /**
   * True when text without a `<` may be left out here without changing what is found: no wanted
   * element is open and no tag is carried to the next piece.
   */
  get quiet(): boolean {
    return this.#reading.open === undefined && this.#reading.carried === '';
  }
}

/**
 * The wanted script elements of the text whose pieces are `pieces`, in document order: the same
 * as `pattern`'s expressions find in the pieces joined. An element not closed by the end of the
 * text is not one (its expression found no closing tag either; what is still carried then holds
 * no `>`). `first` stops taking pieces at the first element found.
 */
export function scriptBlocks(pieces: Iterable<string>, pattern: ScriptPattern, first = false): ScriptText[] {
  const reader = new ScriptReader(pattern);
  for (const piece of pieces) {
    reader.write(piece);
    if (first && reader.found.length > 0) break;
  }
  return first ? reader.found.slice(0, 1) : reader.found;
}
