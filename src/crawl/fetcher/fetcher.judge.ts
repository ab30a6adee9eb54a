/**
 * The fetcher's small rules: how an answer is classed (success, not found, or the attempt's
 * failure), what politeness learns from a failure, and the URL and header helpers of a fetch.
 */
import { BLOCK_SCAN_CHARS } from './block-pages.ts';
import { CLOSING_TAG_WINDOW_CHARS, isHtmlResponse, isTruncatedHtml, SNIFF_CHARS } from './fetcher.body.ts';
import type { ExchangeResponse } from './fetcher.exchange.ts';
import { abortError, BlockPageFailure, FetchFailure } from './fetcher.failures.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import type { PolitenessFeedback } from './politeness.ts';

/** Answers a driver reads as "not found" (returned, never thrown). */
export const NOT_FOUND_STATUSES = new Set([404, 410]);

/** Waits `ms`; rejects with the abort error when `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** An absolute http(s) URL (relative to `base` when given), or undefined. */
export function parseHttpUrl(raw: string, base?: URL): URL | undefined {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Header names lowercased. */
export function lowercaseKeys(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/** Classes an answer: returns the politeness feedback, or throws the attempt's failure. */
export function judge(response: ExchangeResponse, options: FetcherOptions): PolitenessFeedback {
  const { status, body, headers } = response;
  if (NOT_FOUND_STATUSES.has(status) || (status >= 300 && status < 400)) return { kind: 'success' };
  const contentType = headers['content-type'];
  const html = isHtmlResponse(contentType, contentType ? '' : body.head(SNIFF_CHARS));
  // The head alone: a block page is small, and a product page is decoded whole only where it is read.
  const blockKind = html ? options.isBlockPage({ status, body: body.head(BLOCK_SCAN_CHARS) }) : undefined;
  if (blockKind !== undefined) {
    throw new BlockPageFailure(blockKind, body.text, status);
  }
  if (status === 429) throw new FetchFailure('rate_limited', 'HTTP 429', status);
  if (status >= 500) throw new FetchFailure('server_error', `HTTP ${status}`, status);
  if (status >= 400) throw new FetchFailure('client_error', `HTTP ${status}`, status);
  if (html && status >= 200 && status < 300 && isTruncatedHtml(body.tail(CLOSING_TAG_WINDOW_CHARS))) {
    throw new FetchFailure('truncated', 'HTML without closing </html>', status);
  }
  return { kind: 'success' };
}

/** What politeness learns from a failed attempt. */
export function feedbackFor(failure: FetchFailure, retryAfterMs: number | undefined): PolitenessFeedback {
  if (failure.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterMs };
  if (failure.kind === 'too_large') return { kind: 'neutral' };
  return retryAfterMs === undefined ? { kind: 'error' } : { kind: 'error', retryAfterMs };
}
