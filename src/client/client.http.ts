/**
 * The client's HTTP transport: one place that builds requests, retries 429/5xx/network failures
 * with bounded, jittered backoff honouring `Retry-After` (a non-idempotent request only when it was
 * certainly not processed), and turns error answers into `PricecrawlError`s.
 */
// A pure, dependency-free helper shared with the service's fetcher and webhook sender.
import { parseRetryAfterMs } from '../platform/lib/retry-after.ts';
import { errorFromAnswer, NetworkError, PricecrawlError, TimeoutError } from './client.errors.ts';

/** The `fetch` the client calls; the global one by default, injectable for tests and proxies. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** How failed attempts are retried. */
export interface RetryOptions {
  /** Attempts per request, the first included (default 4; 1 disables retries). */
  maxAttempts: number;
  /** Backoff before the second attempt; doubles per attempt (default 500 ms). */
  baseDelayMs: number;
  /** Upper bound of the computed backoff (default 30 s). */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once (default 120 s). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** Everything the transport needs; `PricecrawlClient` fills the defaults. */
export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  sessionToken: string | undefined;
  fetch: FetchFunction;
  retry: RetryOptions;
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1) for jitter; `Math.random` by default. */
  random: () => number;
  /** Per-attempt limit; long enough for the service's 120-second `wait`. */
  requestTimeoutMs: number;
  userAgent: string;
}

/** One API call. `auth: 'api'` sends the API key, `'session'` the dashboard session token. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  auth: 'api' | 'session' | 'none';
  /**
   * `text` answers the body as a string (CSV downloads), `bytes` as a `Uint8Array` (XLSX
   * downloads); an `{error:true}` JSON answer still throws.
   */
  expect?: 'json' | 'text' | 'bytes';
  signal?: AbortSignal;
}

const ACCEPT = {
  json: 'application/json',
  text: 'text/csv, application/json',
  bytes: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json',
} as const;

const RETRYABLE_STATUS = (status: number) => status === 429 || (status >= 500 && status !== 501);

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/**
 * Whether sending `request` twice does what sending it once does: an idempotent method, or a
 * submission whose `Idempotency-Key` makes the service answer a repeat with the first outcome.
 * Anything else (a refresh, a key creation or rotation) may only be resent when the first attempt
 * was certainly not processed.
 */
export function isRepeatable(request: Pick<ApiRequest, 'method' | 'headers'>): boolean {
  if (IDEMPOTENT_METHODS.has(request.method)) return true;
  return Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
}

/** A connection refused before anything was sent, also when every address of a name refused. */
function refusedBeforeSending(cause: unknown): boolean {
  const reason = cause instanceof Error && cause.cause !== undefined ? cause.cause : cause;
  if (reason instanceof AggregateError && reason.errors.length > 0) {
    return reason.errors.every((error) => (error as { code?: unknown }).code === 'ECONNREFUSED');
  }
  return (
    typeof reason === 'object' && reason !== null && (reason as { code?: unknown }).code === 'ECONNREFUSED'
  );
}

/** Backoff before attempt `attempt + 1`: exponential with "equal jitter", never below `Retry-After`. */
export function retryDelayMs(
  retry: RetryOptions,
  attempt: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  const backoff = ceiling / 2 + random() * (ceiling / 2);
  return Math.round(Math.max(retryAfterMs ?? 0, backoff));
}

function buildUrl(baseUrl: string, path: string, query: ApiRequest['query']): string {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('content-type') ?? '');
}

/** A `{error: …}` body that is not `error:false` is a refusal, whatever the status. */
function isErrorBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'error' in body && body.error !== false;
}

/** Sends requests for one client. */
export class Transport {
  constructor(private readonly options: TransportOptions) {}

  /** Sends `request`, retrying as configured; answers the parsed JSON (or text) of a success. */
  async send<T>(request: ApiRequest): Promise<T> {
    const { retry } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.attempt(request);
      if (outcome.kind === 'done') return outcome.value as T;
      const last = attempt >= retry.maxAttempts;
      const tooLong = outcome.retryAfterMs !== undefined && outcome.retryAfterMs > retry.maxRetryAfterMs;
      const safe = outcome.unprocessed || isRepeatable(request);
      if (!outcome.retryable || !safe || last || tooLong || request.signal?.aborted) throw outcome.error;
      await this.options.sleep(retryDelayMs(retry, attempt, this.options.random, outcome.retryAfterMs));
    }
  }

  private headers(request: ApiRequest): Record<string, string> {
    const headers: Record<string, string> = {
      accept: ACCEPT[request.expect ?? 'json'],
      'user-agent': this.options.userAgent,
      ...request.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const { apiKey, sessionToken } = this.options;
    if (request.auth === 'api' && apiKey !== undefined) headers['x-api-key'] = apiKey;
    if (request.auth === 'session' && sessionToken !== undefined) {
      headers.authorization = `Bearer ${sessionToken}`;
    }
    return headers;
  }

  private async attempt(request: ApiRequest): Promise<
    | { kind: 'done'; value: unknown }
    | {
        kind: 'failed';
        error: PricecrawlError;
        retryable: boolean;
        /** The service certainly did not act on the request (429, or a refused connection). */
        unprocessed: boolean;
        retryAfterMs?: number;
      }
  > {
    const url = buildUrl(this.options.baseUrl, request.path, request.query);
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    let response: Response;
    let text: string;
    let bytes: Uint8Array | undefined;
    try {
      response = await this.options.fetch(url, {
        method: request.method,
        headers: this.headers(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
        redirect: 'error',
      });
      if (request.expect === 'bytes') {
        bytes = new Uint8Array(await response.arrayBuffer());
        text = isJson(response) ? new TextDecoder().decode(bytes) : '';
      } else {
        text = await response.text();
      }
    } catch (cause) {
      if (request.signal?.aborted) throw request.signal.reason;
      const timedOut = timeout.aborted;
      const message = timedOut
        ? `no answer from ${url} within ${this.options.requestTimeoutMs} ms`
        : `cannot reach ${url}: ${cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause)}`;
      const error = timedOut
        ? new TimeoutError(message, { status: 0, code: 'timeout', cause })
        : new NetworkError(message, { status: 0, code: 'network_error', cause });
      return { kind: 'failed', error, retryable: true, unprocessed: refusedBeforeSending(cause) };
    }
    let body: unknown = text;
    if (isJson(response)) {
      try {
        body = JSON.parse(text);
      } catch (cause) {
        if (response.ok) {
          const error = new PricecrawlError(`answer of ${url} is not JSON`, {
            status: response.status,
            code: 'bad_response',
            body: text,
            cause,
          });
          return { kind: 'failed', error, retryable: false, unprocessed: false };
        }
      }
    }
    if (!response.ok) {
      const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after') ?? undefined, Date.now());
      const error = errorFromAnswer(response.status, body, retryAfterMs);
      const { status } = response;
      return {
        kind: 'failed',
        error,
        retryable: RETRYABLE_STATUS(status),
        unprocessed: status === 429,
        retryAfterMs,
      };
    }
    if (isErrorBody(body))
      return { kind: 'failed', error: errorFromAnswer(200, body), retryable: false, unprocessed: false };
    if (request.expect === 'bytes' && bytes !== undefined && !isJson(response)) {
      return { kind: 'done', value: bytes };
    }
    if ((request.expect === 'text') !== (typeof body === 'string')) {
      const wanted = request.expect === undefined || request.expect === 'json' ? 'JSON' : request.expect;
      const error = new PricecrawlError(`answer of ${url} is not ${wanted}`, {
        status: response.status,
        code: 'bad_response',
        body,
      });
      return { kind: 'failed', error, retryable: false, unprocessed: false };
    }
    return { kind: 'done', value: body };
  }
}
