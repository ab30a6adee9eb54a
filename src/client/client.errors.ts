/**
 * The client's one error hierarchy: every failure is a `PricecrawlError` carrying the service's
 * `message`, the HTTP `status` (0 when no answer arrived) and a `code`; subclasses exist so callers
 * can `instanceof` the cases they handle.
 */

/** What went wrong, independent of the exact HTTP status. */
export type PricecrawlErrorCode =
  /** The service refused the request (HTTP 200 `{error:true}`, 400, 405, 413, 415), e.g. a bad field. */
  | 'invalid_request'
  /** Missing or wrong credentials (401). */
  | 'unauthorized'
  /** A suspended account (403). */
  | 'forbidden'
  /** Unknown, malformed or another account's job, delivery or path (404). */
  | 'not_found'
  /** The rate limit (429), after the client's own retries. */
  | 'rate_limited'
  /** A fault of the service (5xx), after the client's own retries. */
  | 'server_error'
  /** No answer: connection refused, reset, DNS failure. */
  | 'network_error'
  /** A client-side wait (`jobs.wait`, stream iteration) passed its `timeoutMs`. */
  | 'timeout'
  /** An answer the client cannot read (not JSON where JSON was due). */
  | 'bad_response';

/** Base class of every error the client throws. */
export class PricecrawlError extends Error {
  /** HTTP status of the answer; 200 for `{error:true}` bodies; 0 when none arrived. */
  readonly status: number;
  readonly code: PricecrawlErrorCode;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;
  /** `request_id` of a 5xx answer, to quote to the operator. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    options: {
      status: number;
      code: PricecrawlErrorCode;
      body?: unknown;
      requestId?: string;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
    this.requestId = options.requestId;
  }
}

/** 401 or 403. */
export class AuthenticationError extends PricecrawlError {}
/** 404. */
export class NotFoundError extends PricecrawlError {}
/** What a refused field would have to be (decisions G37): the field, the value sent, what it allows. */
export interface RefusalDetails {
  field: string;
  value: unknown;
  allowed: string[];
}

/**
 * The service refused the request as invalid (mostly HTTP 200 `{error:true, message}`). `details`
 * lists the allowed values where a closed set applies (the source's countries, keys, topics).
 */
export class InvalidRequestError extends PricecrawlError {
  constructor(message: string, options: ConstructorParameters<typeof PricecrawlError>[1]) {
    super(message, options);
    this.details = detailsOf(options.body);
  }
  readonly details: RefusalDetails | undefined;
}

function detailsOf(body: unknown): RefusalDetails | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const details = (body as { details?: unknown }).details;
  if (typeof details !== 'object' || details === null) return undefined;
  const { field, value, allowed } = details as Record<string, unknown>;
  if (typeof field !== 'string' || !Array.isArray(allowed)) return undefined;
  return { field, value, allowed: allowed.filter((entry): entry is string => typeof entry === 'string') };
}
/** 429 after the last attempt; `retryAfterMs` is the service's last `Retry-After`. */
export class RateLimitError extends PricecrawlError {
  constructor(
    message: string,
    options: ConstructorParameters<typeof PricecrawlError>[1] & { retryAfterMs: number | undefined },
  ) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs;
  }
  readonly retryAfterMs: number | undefined;
}
/** 5xx after the last attempt. */
export class ServerError extends PricecrawlError {}
/** No answer after the last attempt. */
export class NetworkError extends PricecrawlError {}
/** A client-side wait ran out. */
export class TimeoutError extends PricecrawlError {}

function bodyMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

/** The error for an answer whose status or body says the request failed. */
export function errorFromAnswer(status: number, body: unknown, retryAfterMs?: number): PricecrawlError {
  const message = bodyMessage(body) ?? `HTTP ${status}`;
  const requestId =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { request_id?: unknown }).request_id === 'string'
      ? (body as { request_id: string }).request_id
      : undefined;
  const options = { status, body, requestId };
  if (status === 401) return new AuthenticationError(message, { ...options, code: 'unauthorized' });
  if (status === 403) return new AuthenticationError(message, { ...options, code: 'forbidden' });
  if (status === 404) return new NotFoundError(message, { ...options, code: 'not_found' });
  if (status === 429) return new RateLimitError(message, { ...options, code: 'rate_limited', retryAfterMs });
  if (status >= 500) return new ServerError(message, { ...options, code: 'server_error' });
  return new InvalidRequestError(message, { ...options, code: 'invalid_request' });
}
