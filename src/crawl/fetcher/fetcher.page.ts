/**
 * A fetched page whose body stays the bytes that arrived until something reads it (issue 23 point
 * 3): a product page parsed on a compute thread crosses as those bytes and is decoded there, so the
 * crawl's main thread neither decodes it nor holds it as text beside them (1.5 MB of UTF-8 is 3 MB
 * of text where a page has a character beyond Latin-1). The fetcher's own checks read a head or a
 * tail of it; a page nobody reads whole is never decoded whole.
 */
import { isAscii } from 'node:buffer';
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
      this.#text = decodeBody((this.#bytes as ArrivedBytes).whole(), this.contentType);
      this.#bytes = undefined;
    }
    return this.#text;
  }

  /**
   * The text in pieces without decoding it whole while it was not read whole: UTF-8 bytes are
   * decoded a piece at a time, and each piece is let go once its reader moves on.
   */
  pieces(): Iterable<string> {
    const bytes = this.undecodedUtf8;
    return bytes === undefined ? [this.text] : bytes.utf8Pieces();
  }

  /** The UTF-8 bytes while the text was not read, else undefined: what a compute thread is sent. */
  get undecodedUtf8(): ArrivedBytes | undefined {
    return this.#utf8 ? this.#bytes : undefined;
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

/**
 * A page as it crosses to a compute thread: its bytes when the fetcher holds them undecoded (a copy,
 * whose memory is handed over rather than cloned), else undefined and the page crosses as it is.
 */
export interface PageInBytes {
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string | undefined;
  bytes: Uint8Array;
}

/** The bytes form of `input` when it is a fetched page still undecoded, else undefined. */
export function pageInBytes(input: unknown): PageInBytes | undefined {
  const source =
    typeof input === 'object' && input !== null ? pieceSourceOf(input as FetchedPage) : undefined;
  const body = source instanceof ResponseBody ? source : undefined;
  const bytes = body?.undecodedUtf8;
  if (body === undefined || bytes === undefined) return undefined;
  const { url, status, headers } = input as FetchedPage;
  return { url, status, headers, contentType: body.contentType, bytes: bytes.copy() };
}

/** The page a compute thread rebuilds from {@link pageInBytes}: decoded when its parser reads it. */
export function pageFromBytes(page: PageInBytes): FetchedPage {
  const bytes = Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength);
  return fetchedPage(page.url, page.status, page.headers, ResponseBody.ofBytes(bytes, page.contentType));
}
