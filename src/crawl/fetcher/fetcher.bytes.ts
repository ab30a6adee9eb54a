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
function wholeCharactersEnd(bytes: Buffer): number {
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

/** `chunks` cut into parts of at most {@link PIECE_BYTES}. */
function* partsOf(chunks: readonly Buffer[]): Generator<Buffer> {
  for (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
      yield chunk.subarray(start, start + PIECE_BYTES);
    }
  }
}

/** UTF-8 bytes as text: copied when they are ASCII (nearly all of a page), else decoded. */
const decodeUtf8 = (bytes: Buffer): string =>
  isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');

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
   * decoding.
   */
  *utf8Pieces(): Generator<string> {
    let carried: Buffer | undefined;
    for (const part of partsOf(this.#chunks)) {
      const bytes = carried === undefined ? part : Buffer.concat([carried, part]);
      const end = wholeCharactersEnd(bytes);
      carried = end < bytes.length ? bytes.subarray(end) : undefined;
      if (end > 0) yield decodeUtf8(bytes.subarray(0, end));
    }
    // A sequence cut by the body's end decodes as the whole decoding ends it.
    if (carried !== undefined) yield decodeUtf8(carried);
  }
}
