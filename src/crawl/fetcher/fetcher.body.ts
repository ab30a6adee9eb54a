/**
 * Reading a response body under the size cap, decompressing and decoding it, and telling a
 * truncated HTML page from a complete one.
 */
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchFailure } from './fetcher.failures.ts';

/** Encodings the fetcher asks for; `identity` bodies are read as they come. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

function decoderFor(contentEncoding: string | undefined): Transform | undefined {
  switch (contentEncoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Reads the whole body, decompressed, as the chunks it arrived in (fetcher.bytes.ts: they are not
 * joined, which would copy the page once more). Throws `FetchFailure('too_large')` as soon as
 * more than `maxBytes` decoded bytes arrived (no zip bombs); the streams are destroyed, which
 * aborts the download. Transport and decompression errors pass through.
 */
export function readBodyCapped(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<Buffer[]> {
  const decoder = decoderFor(contentEncoding);
  // Plain listeners rather than stream.pipeline or `for await`: both cost an AbortController or an
  // async iterator with a promise per chunk, per response; this is on every page's path.
  if (decoder) body.on('error', (error) => decoder.destroy(error));
  const source: Readable = decoder ? body.pipe(decoder) : body;
  return new Promise<Buffer[]>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const fail = (error: unknown): void => {
      source.off('data', onData);
      body.destroy();
      decoder?.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > maxBytes) fail(new FetchFailure('too_large', `response body exceeds ${maxBytes} bytes`));
      else chunks.push(chunk);
    };
    source.on('data', onData);
    source.on('error', fail);
    source.once('end', () => resolve(chunks));
    // A body that closes without 'end' (connection dropped mid-body) is an error, as the iterator made it.
    source.once('close', () => {
      if (!source.readableEnded) fail(new Error('response body closed before its end'));
    });
  });
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = contentType ? /charset\s*=\s*"?([^";\s]+)/i.exec(contentType) : null;
  return match?.[1];
}

/** The charset a page declares in its first bytes (`<meta charset>` or an `http-equiv` content type). */
function declaredCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}

/**
 * The charset a body is decoded with when it is not UTF-8: that of `content-type` (e.g. Shift_JIS
 * on kakaku.com), else the one the page declares in a `<meta>` of its first kilobyte; undefined for
 * UTF-8, the default.
 */
export function otherCharset(bytes: Buffer, contentType: string | undefined): string | undefined {
  const charset = charsetOf(contentType) ?? declaredCharset(bytes);
  return charset !== undefined && !/^utf-?8$/i.test(charset) ? charset : undefined;
}

/** Decodes with the body's charset ({@link otherCharset}), UTF-8 otherwise. */
export function decodeBody(bytes: Buffer, contentType: string | undefined): string {
  const charset = otherCharset(bytes, contentType);
  if (charset !== undefined) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // Unknown label: fall back to UTF-8 rather than failing a page that may still parse.
    }
  }
  return bytes.toString('utf8');
}

/** How much of a body without `content-type` is sniffed for HTML. */
export const SNIFF_CHARS = 512;

/** True for an HTML response: by `content-type`, or by sniffing when the header is missing. */
export function isHtmlResponse(contentType: string | undefined, body: string): boolean {
  if (contentType) return /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
  return /^\s*(<!doctype html|<html[\s>])/i.test(body.slice(0, SNIFF_CHARS));
}

/**
 * How far from the end `</html>` is looked for: pages may carry trailing comments or scripts after
 * it, and looking only at the tail keeps this cheap on large pages.
 */
export const CLOSING_TAG_WINDOW_CHARS = 16_384;

/** An HTML body that does not end with its closing `</html>` was cut off on the way. */
export function isTruncatedHtml(body: string): boolean {
  const tail = body.length > CLOSING_TAG_WINDOW_CHARS ? body.slice(-CLOSING_TAG_WINDOW_CHARS) : body;
  return !/<\/html\s*>/i.test(tail);
}
