/**
 * A body's bytes kept as the chunks they arrived in (issue 23 point 3). Joining them into one Buffer
 * copied every page once more on the receiving thread, with both copies alive meanwhile; the scan
 * reads the chunks in turn, and a page crossing to a compute thread hands the chunks' memory over
 * (transferred, not copied) and takes it back with the thread's answer.
 */
import { isAscii } from 'node:buffer';

/**
 * Where UTF-8 `bytes` may be cut so that what comes before ends on a whole character: before the
 * lead byte of a sequence the end cuts, else at the end. Decoding the parts one by one then gives
 * the whole decoding, malformed sequences included: the decoder is at a character's start before
 * any byte that is not a continuation byte, and it is before such a byte that the cut falls.
 */
export function wholeCharactersEnd(bytes: Buffer): number {
  const end = bytes.length;
  let lead = end - 1;
  while (lead > 0 && end - lead < 4 && ((bytes[lead] as number) & 0xc0) === 0x80) lead -= 1;
  const byte = bytes[lead] as number;
  const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return end - lead < length ? lead : end;
}

/**
 * Most bytes decoded as one piece: large enough that a parser's work per piece is nothing, small
 * enough that a piece with a character beyond Latin-1 widens only itself to two bytes a character.
 */
const PIECE_BYTES = 64 * 1024;

/**
 * Bytes up to the next `<` of a script or style body are left out when they are at least this many:
 * a shorter stretch costs less to decode than to look past.
 */
const SKIP_MIN_BYTES = 1024;
/** Pieces inside a script or style body are this small, so the next skip comes soon. */
const SKIP_PIECE_BYTES = 4 * 1024;
const LESS_THAN = 0x3c;
const UNIT_SEPARATOR = 0x1c;

/**
 * `end`, moved past any U+001C bytes there: no piece starts with one. htmlparser2 compares the first
 * character of each piece it is given inside a script or style body as `(c | 0x20) === '<'`, which
 * U+001C passes, and a piece starting there could close the body where the whole text does not.
 */
function afterUnitSeparators(bytes: Buffer, end: number): number {
  let after = end;
  while (after < bytes.length && bytes[after] === UNIT_SEPARATOR) after += 1;
  return after;
}

/** The index of the first byte beyond ASCII in `bytes`, which holds one: `isAscii` over halves. */
function firstNonAscii(bytes: Buffer): number {
  let ascii = 0; // bytes before this are ASCII
  let holding = bytes.length; // bytes from `ascii` to this hold one beyond ASCII
  while (holding - ascii > 1) {
    const middle = (ascii + holding) >>> 1;
    if (isAscii(bytes.subarray(ascii, middle))) ascii = middle;
    else holding = middle;
  }
  return ascii;
}

/** The index after the last byte beyond ASCII in `bytes`, which holds one. */
function afterLastNonAscii(bytes: Buffer): number {
  let holding = 0; // bytes from this to `ascii` hold one beyond ASCII
  let ascii = bytes.length; // bytes from this on are ASCII
  while (ascii - holding > 1) {
    const middle = (holding + ascii) >>> 1;
    if (isAscii(bytes.subarray(middle, ascii))) ascii = middle;
    else holding = middle;
  }
  return ascii;
}

/**
 * UTF-8 bytes as text, in one to three pieces: ASCII (nearly all of a page) is copied as one-byte
 * text, and only the stretch from the first byte beyond ASCII to the last is decoded. A page's
 * 64 KB piece holding one `€` became 128 KB of two-byte text, decoded through the slow path and
 * scanned as two-byte text; now that is the `€` alone. The cuts fall next to ASCII bytes, where a
 * decoder is at a character's start, so the pieces join to the whole decoding.
 */
function* decodeUtf8(bytes: Buffer): Generator<string> {
  if (isAscii(bytes)) {
    yield bytes.toString('latin1');
    return;
  }
  const first = firstNonAscii(bytes);
  const end = afterUnitSeparators(bytes, afterLastNonAscii(bytes));
  if (first > 0) yield bytes.toString('latin1', 0, first);
  yield bytes.toString('utf8', first, end);
  if (end < bytes.length) yield bytes.toString('latin1', end);
}

/** The bytes of a body, in the chunks that arrived. */
export class ArrivedBytes {
  readonly #chunks: readonly Buffer[];
  /** Total bytes. */
  readonly length: number;

  constructor(chunks: readonly Buffer[]) {
    this.#chunks = chunks;
    this.length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  /** Bytes `start` to `end`: a view when one chunk holds them, else a copy of that range alone. */
  range(start: number, until: number): Buffer {
    const end = Math.min(until, this.length);
    const parts: Buffer[] = [];
    let offset = 0;
    for (const chunk of this.#chunks) {
      const from = Math.max(start - offset, 0);
      const to = Math.min(end - offset, chunk.length);
      if (from < to) parts.push(chunk.subarray(from, to));
      offset += chunk.length;
      if (offset >= end) break;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, Math.max(end - start, 0));
  }

  /** All the bytes in one Buffer (the one chunk itself when there is one). */
  whole(): Buffer {
    return this.range(0, this.length);
  }

  /** The chunks themselves, to hand their memory over to another thread (fetcher.page.ts). */
  get chunks(): readonly Buffer[] {
    return this.#chunks;
  }

  /**
   * The text of UTF-8 bytes in pieces of at most a chunk or {@link PIECE_BYTES}, each ending on a
   * whole character (the rest of a cut one opens the next piece): their concatenation is the whole
   * decoding. With `skipRawText`, asked before each piece: while it answers true, bytes up to the
   * next `<` are left out undecoded when that is {@link SKIP_MIN_BYTES} or more away, and pieces
   * are at most {@link SKIP_PIECE_BYTES} (docs/crawl-engine.md, "Parsing").
   */
  *utf8Pieces(skipRawText?: () => boolean): Generator<string> {
    const chunks = this.#chunks;
    let carried: Buffer | undefined;
    let index = 0;
    let start = 0;
    while (index < chunks.length) {
      const chunk = chunks[index] as Buffer;
      if (start >= chunk.length) {
        index += 1;
        start = 0;
        continue;
      }
      let size = PIECE_BYTES;
      if (carried === undefined && skipRawText?.() === true) {
        size = SKIP_PIECE_BYTES;
        const next = nextLessThan(chunks, index, start);
        if (next.skipped >= SKIP_MIN_BYTES) {
          ({ index, start } = next);
          continue;
        }
      }
      const part = chunk.subarray(start, afterUnitSeparators(chunk, start + size));
      start += part.length;
      const bytes = carried === undefined ? part : Buffer.concat([carried, part]);
      const end = wholeCharactersEnd(bytes);
      carried = end < bytes.length ? bytes.subarray(end) : undefined;
      if (end > 0) yield* decodeUtf8(bytes.subarray(0, end));
    }
    // A sequence cut by the body's end decodes as the whole decoding ends it.
    if (carried !== undefined) yield* decodeUtf8(carried);
  }
}

/**
 * Where the next `<` at or after byte `start` of chunk `index` stands (the end of the bytes when
 * none does), and how many bytes lie before it. A `<` is ASCII, so it starts a character.
 */
function nextLessThan(
  chunks: readonly Buffer[],
  index: number,
  start: number,
): { index: number; start: number; skipped: number } {
  let skipped = 0;
  for (let at = index, from = start; at < chunks.length; at += 1, from = 0) {
    const chunk = chunks[at] as Buffer;
    const found = chunk.indexOf(LESS_THAN, from);
    if (found >= 0) return { index: at, start: found, skipped: skipped + found - from };
    skipped += chunk.length - from;
  }
  return { index: chunks.length, start: 0, skipped };
}
