/**
 * A fetched page whose body stays the bytes that arrived until something reads it (issue 23 point
 * 3): a product page parsed on a compute thread crosses as those bytes and is decoded there, so the
 * crawl's main thread neither decodes it nor holds it as text beside them (1.5 MB of UTF-8 is 3 MB
 * of text where a page has a character beyond Latin-1). The fetcher's own checks read a head or a
 * tail of it; a page nobody reads whole is never decoded whole.
 */
import { isAscii } from 'node:buffer';
import * as workerThreads from 'node:worker_threads';
import { pieceSourceOf, readPageFrom, type PieceSource } from '../parse/page-text.ts';
import type { FetchedPage } from '../vocabulary/crawl.types.ts';
import { decodeBody, otherCharset } from './fetcher.body.ts';
import { ArrivedBytes, wholeCharactersEnd } from './fetcher.bytes.ts';

/** UTF-8 writes a UTF-16 unit in at most 3 bytes: this many bytes hold `chars` units and a cut character. */
const bytesFor = (chars: number): number => 3 * chars + 3;

/** A response body: the bytes and their content type, decoded once, when first read whole. */
export class ResponseBody implements PieceSource {
  #bytes: ArrivedBytes | undefined;
  #text: string | undefined;
  #head: { chars: number; text: string } | undefined;
  /** True when the body is UTF-8, so that a window of its bytes decodes to a window of its text. */
  readonly #utf8: boolean;

  private constructor(
    bytes: ArrivedBytes | undefined,
    text: string | undefined,
    readonly contentType: string | undefined,
  ) {
    this.#bytes = bytes;
    this.#text = text;
    // The charset a page declares stands in its first kilobyte (fetcher.body.ts).
    this.#utf8 = bytes !== undefined && otherCharset(bytes.range(0, 1024), contentType) === undefined;
  }

  /** The body of bytes that arrived with `contentType`, whole or in the chunks they came in. */
  static ofBytes(bytes: Buffer | readonly Buffer[], contentType: string | undefined): ResponseBody {
    return new ResponseBody(
      new ArrivedBytes(Buffer.isBuffer(bytes) ? [bytes] : bytes),
      undefined,
      contentType,
    );
  }

  /** A body that is text already (a rendered page). */
  static ofText(text: string): ResponseBody {
    return new ResponseBody(undefined, text, undefined);
  }

  /** The whole text, decoded on the first read; the bytes are let go then. */
  get text(): string {
    if (this.#text === undefined) {
      // Neither text nor bytes: a compute thread holds them ({@link ResponseBody.lend}). Never met
      // in the crawl: a page is read after its parse, and the parse gives the bytes back.
      if (this.#bytes === undefined)
        throw new Error('a page body was read while a compute thread held its bytes');
      this.#text = decodeBody(this.#bytes.whole(), this.contentType);
      this.#bytes = undefined;
    }
    return this.#text;
  }

  /**
   * The text in pieces without decoding it whole while it was not read whole: UTF-8 bytes are
   * decoded a piece at a time, and each piece is let go once its reader moves on.
   */
  pieces(skipRawText?: () => boolean): Iterable<string> {
    const bytes = this.undecodedUtf8;
    return bytes === undefined ? [this.text] : bytes.utf8Pieces(skipRawText);
  }

  /** The UTF-8 bytes while the text was not read, else undefined: what a compute thread is sent. */
  get undecodedUtf8(): ArrivedBytes | undefined {
    return this.#utf8 ? this.#bytes : undefined;
  }

  /**
   * Hands the undecoded UTF-8 bytes over to a compute thread: the chunks they arrived in, whose
   * memory is then transferred, not copied. They leave this body until {@link takeBack} returns
   * them; undefined when the body is text already (it crosses as text then).
   */
  lend(): readonly Buffer[] | undefined {
    const bytes = this.undecodedUtf8;
    if (bytes === undefined) return undefined;
    this.#bytes = undefined;
    return bytes.chunks;
  }

  /** The lent bytes come back (the thread's answer, or a crossing that failed). */
  takeBack(chunks: readonly Uint8Array[]): void {
    this.#bytes = new ArrivedBytes(chunks.map(bufferOf));
  }

  /**
   * The first `chars` UTF-16 units of the text, decoding only those of a large UTF-8 body. The last
   * window is kept: the fetcher's block-page check and the parser's completeness check read the
   * same 64 Ki head of every page.
   */
  head(chars: number): string {
    if (this.#head?.chars !== chars) this.#head = { chars, text: this.#readHead(chars) };
    return this.#head.text;
  }

  #readHead(chars: number): string {
    const bytes = this.undecodedUtf8;
    if (bytes === undefined || bytes.length <= bytesFor(chars)) return this.text.slice(0, chars);
    // Markup's head is mostly ASCII, one byte a unit: then `chars` bytes are the window exactly.
    const ascii = bytes.range(0, chars);
    if (isAscii(ascii)) return ascii.toString('latin1');
    // A byte is at most one unit: these bytes hold fewer than `chars`, and the few missing units
    // are decoded from the bytes after them, rather than decoding three times the window.
    const end = wholeCharactersEnd(ascii);
    const first = ascii.subarray(0, end).toString('utf8');
    const missing = chars - first.length;
    return (
      first +
      bytes
        .range(end, end + bytesFor(missing))
        .toString('utf8')
        .slice(0, missing)
    );
  }

  /** The last `chars` UTF-16 units of the text, decoding only those of a large UTF-8 body. */
  tail(chars: number): string {
    const bytes = this.undecodedUtf8;
    if (bytes === undefined || bytes.length <= bytesFor(chars)) return this.text.slice(-chars);
    const ascii = bytes.range(bytes.length - chars, bytes.length);
    if (isAscii(ascii)) return ascii.toString('latin1');
    return bytes
      .range(bytes.length - bytesFor(chars), bytes.length)
      .toString('utf8')
      .slice(-chars);
  }
}

/**
 * A `FetchedPage` whose `body` is read from `body` when first asked for. It is a plain object with
 * an enumerable `body` getter: spreading, cloning or comparing it reads the text as before.
 */
export function fetchedPage(
  url: string,
  status: number,
  headers: Record<string, string>,
  body: ResponseBody,
): FetchedPage {
  const page = { url, status, headers } as FetchedPage;
  Object.defineProperty(page, 'body', { get: () => body.text, enumerable: true });
  readPageFrom(page, body);
  return page;
}

/** A Buffer over the same memory as `bytes` (no copy). */
const bufferOf = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Node 21 and later refuse a transfer list naming memory marked untransferable (Buffer's shared
 * pool, which small chunks may come from); Node 20 clones it instead, and has no way to ask.
 */
const isMarkedAsUntransferable = (workerThreads as { isMarkedAsUntransferable?: (value: object) => boolean })
  .isMarkedAsUntransferable;

/**
 * The memory of `chunks` that can be handed over to another thread, each once (chunks may share it:
 * a decompressor's output chunks are slices of its buffer). The rest crosses as a copy.
 */
export function transferListOf(chunks: readonly Uint8Array[]): ArrayBuffer[] {
  const memory = new Set<ArrayBuffer>();
  for (const chunk of chunks) {
    const buffer = chunk.buffer as ArrayBuffer;
    if (!(isMarkedAsUntransferable?.(buffer) ?? false)) memory.add(buffer);
  }
  return [...memory];
}

/**
 * A page as it crosses to a compute thread: its bytes when the fetcher holds them undecoded (the
 * chunks they arrived in, whose memory is handed over rather than copied or cloned).
 */
export interface PageInBytes {
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string | undefined;
  chunks: Uint8Array[];
}

/** A page whose bytes were lent to cross: what crosses, and the body they are given back to. */
export interface LentPage {
  page: PageInBytes;
  body: ResponseBody;
}

/**
 * Lends the bytes of `input` when it is a fetched page still undecoded (the fetcher's product pages),
 * else undefined and the page crosses as it is. The main thread does not hold the page meanwhile:
 * the thread hands the bytes back with its answer ({@link ResponseBody.takeBack}).
 */
export function lendPage(input: unknown): LentPage | undefined {
  const source =
    typeof input === 'object' && input !== null ? pieceSourceOf(input as FetchedPage) : undefined;
  const body = source instanceof ResponseBody ? source : undefined;
  const chunks = body?.lend();
  if (body === undefined || chunks === undefined) return undefined;
  const { url, status, headers } = input as FetchedPage;
  return { page: { url, status, headers, contentType: body.contentType, chunks: [...chunks] }, body };
}

/** The page a compute thread rebuilds from {@link lendPage}: decoded when its parser reads it. */
export function pageFromBytes(page: PageInBytes): FetchedPage {
  const body = ResponseBody.ofBytes(page.chunks.map(bufferOf), page.contentType);
  return fetchedPage(page.url, page.status, page.headers, body);
}
