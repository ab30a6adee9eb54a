/**
 * Failure classes of one fetch attempt and the retry rules that hang on them (docs/crawl-engine.md,
 * "Retry classes"). Only the fetcher sees `FetchFailure`; what leaves it is a page, a
 * `SourceUnavailableError` or a `CrawlTimeoutError`.
 */
import { CrawlTimeoutError, SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import type { BlockKind } from './block-pages.ts';

export type FailureKind =
  /** Connection refused / reset / dropped, TLS or proxy failure. */
  | 'network'
  /** The attempt exceeded `requestTimeoutMs` (connect, headers or body). */
  | 'timeout'
  /** HTTP 5xx. */
  | 'server_error'
  /** HTTP 429. */
  | 'rate_limited'
  /** A block / captcha page; the pair's session and proxy rotate before the retry. */
  | 'blocked'
  /** An HTML response without its closing `</html>`. */
  | 'truncated'
  /** The body exceeded `maxResponseBytes`. */
  | 'too_large'
  /** A 4xx other than 404, 410 and 429. */
  | 'client_error'
  /** Too many redirects, or a redirect without a usable http(s) `Location`. */
  | 'bad_redirect'
  /** A URL (first or after a redirect) whose host the request's host guard refuses. */
  | 'forbidden_host';

const RETRYABLE: ReadonlySet<FailureKind> = new Set<FailureKind>([
  'network',
  'timeout',
  'server_error',
  'rate_limited',
  'blocked',
  'truncated',
]);

/** One failed attempt, classed for the retry loop. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  readonly retryable: boolean;

  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.retryable = RETRYABLE.has(kind);
  }
}

/** A block page (captcha, interstitial, consent wall, robot check): retried on a fresh session. */
export class BlockPageFailure extends FetchFailure {
  constructor(
    readonly blockKind: BlockKind,
    readonly body: string,
    status: number,
  ) {
    super('blocked', `${blockKind.replace('_', ' ')} block page (HTTP ${status})`, status);
  }
}

/**
 * The error that ends a fetch whose caller signal aborted: the reason itself when it already is a
 * crawl error (the engine aborts with those), otherwise a `CrawlTimeoutError`, because the caller's
 * signal is the value's deadline (crawl.types.ts `CrawlContext.fetchPage`).
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof CrawlTimeoutError || reason instanceof SourceUnavailableError) return reason;
  return new CrawlTimeoutError('value deadline passed', { cause: reason });
}

/**
 * Full-jitter exponential backoff before retry number `retry` (1 = the first retry):
 * uniform in [0, min(maxMs, baseMs * 2^(retry-1))].
 */
export function backoffDelayMs(retry: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceilingMs = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceilingMs);
}

/**
 * Raised by the guarded lookup of a crawl target's connection (or its proxy's) when the address it
 * resolves to is refused (decisions G35): never retried.
 */
export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Classes a transport error thrown by undici (or the socket under it). */
export function classifyTransportError(error: unknown): FetchFailure {
  if (error instanceof FetchFailure) return error;
  const refused = error instanceof TargetRefusedError ? error : (error as { cause?: unknown } | null)?.cause;
  if (refused instanceof TargetRefusedError) return new FetchFailure('forbidden_host', refused.message);
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new FetchFailure('timeout', `request timed out (${code})`, undefined, { cause: error });
  }
  return new FetchFailure('network', `network error: ${message}`, undefined, { cause: error });
}
