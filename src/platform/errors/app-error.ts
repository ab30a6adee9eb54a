/**
 * The one error model of the service. Every failure that reaches a caller is an `AppError` with a
 * code from the closed set below; the table maps each code to its HTTP status and default message,
 * and bodies follow spec part 7 and decisions G11–G14.
 */

const ERROR_TABLE = {
  /** Validation and business errors answer HTTP 200 with `{error:true, message}` (spec part 7.1). */
  validation: { status: 200, message: 'invalid request' },
  not_subscribed: { status: 200, message: 'not subscribed to source' },
  country_not_supported: { status: 200, message: 'country not supported by source' },
  insufficient_credits: { status: 200, message: 'insufficient credits' },
  idempotency_mismatch: { status: 200, message: 'idempotency key reused with a different request' },
  job_not_finished: { status: 200, message: 'job not finished' },
  results_expired: { status: 200, message: 'results expired' },
  not_interval_job: { status: 200, message: 'not an interval job' },
  callback_not_allowed: { status: 200, message: 'callback_url not allowed' },
  /** Transport faults: the request could not be read as an API request at all. */
  malformed_body: { status: 400, message: 'malformed request body' },
  unauthenticated: { status: 401, message: 'missing or invalid credentials' },
  /** decisions G31: the account plane and sign-in answer 401 `{error:"unauthorized", message}`. */
  unauthorized: { status: 401, message: 'missing, invalid or expired session' },
  /** A cookie-authenticated change without the matching double-submit CSRF token. */
  csrf_rejected: { status: 403, message: 'missing or wrong CSRF token' },
  /** decisions C2: 403 is kept for a suspended account. */
  account_suspended: { status: 403, message: 'account suspended' },
  not_found: { status: 404, message: 'not found' },
  job_not_found: { status: 404, message: 'job not found' },
  method_not_allowed: { status: 405, message: 'method not allowed' },
  payload_too_large: { status: 413, message: 'request body too large' },
  unsupported_media_type: { status: 415, message: 'unsupported media type' },
  rate_limited: { status: 429, message: 'rate limit exceeded' },
  internal: { status: 500, message: 'internal error' },
  unavailable: { status: 503, message: 'service unavailable' },
  /** The database does not answer (network, restart, failover); the service recovers by itself. */
  database_unavailable: { status: 503, message: 'database unavailable, try again shortly' },
  /** SQLite: other processes on the same file held the write lock for longer than the busy timeout. */
  database_busy: { status: 503, message: 'database busy, try again shortly' },
} as const satisfies Record<string, { status: number; message: string }>;

/** The closed set of error codes. */
export type AppErrorCode = keyof typeof ERROR_TABLE;

/**
 * What a refused field would have to be (decisions G37): the field, the value sent and, where a
 * closed set applies (a source's countries, keys, topics), every allowed value.
 */
export interface ErrorDetails {
  field: string;
  value: unknown;
  allowed: readonly string[];
}

/** An error meant for the caller: its code decides the HTTP status, its message the body. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: AppErrorCode;
  readonly headers: Record<string, string>;
  readonly details: ErrorDetails | undefined;

  constructor(
    code: AppErrorCode,
    message?: string,
    options?: { headers?: Record<string, string>; cause?: unknown; details?: ErrorDetails },
  ) {
    super(
      message ?? ERROR_TABLE[code].message,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.headers = options?.headers ?? {};
    this.details = options?.details;
  }

  /** HTTP status for this error's code. */
  get httpStatus(): number {
    return ERROR_TABLE[this.code].status;
  }
}

/** Shorthand for the commonest error: a validation failure whose message names the problem. */
export function invalid(message: string, details?: ErrorDetails): AppError {
  return new AppError('validation', message, details === undefined ? undefined : { details });
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
  validation?: unknown;
}

/** Error codes of a database connection that failed or could not be made (node and PostgreSQL). */
const CONNECTION_FAULT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // PostgreSQL SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, cannot connect now).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** Messages of `pg` for a connection lost or not made, which carry no code. */
const CONNECTION_FAULT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];

/** Whether `error` says the database could not be reached (rather than refused a statement). */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && CONNECTION_FAULT_CODES.has(code)) return true;
  if (typeof message === 'string' && CONNECTION_FAULT_MESSAGES.some((text) => message.includes(text)))
    return true;
  // A connect to a host with several addresses fails with an AggregateError of each attempt.
  return Array.isArray(errors) && errors.some(isDatabaseUnreachable);
}

/**
 * Whether `error` is SQLite refusing a statement because another connection holds a lock
 * (SQLITE_BUSY and SQLITE_LOCKED with their extended codes, "database is locked"): the statement
 * changed nothing and may be tried again.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Converts anything thrown to an `AppError`. Known framework faults keep their meaning (a body that
 * is not JSON is a 400, not a 500); everything unknown becomes `internal`, whose message never
 * carries internals.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fault = (typeof error === 'object' && error !== null ? error : {}) as FastifyLikeError;
  switch (fault.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('malformed_body', `malformed JSON body: ${fault.message ?? 'cannot be parsed'}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'unsupported media type: send application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('malformed_body', 'request body length does not match Content-Length');
  }
  if (fault.statusCode === 400 && typeof fault.message === 'string' && fault.code?.startsWith('FST_')) {
    return new AppError('malformed_body', fault.message);
  }
  if (isDatabaseUnreachable(error)) {
    return new AppError('database_unavailable', undefined, { headers: { 'retry-after': '5' }, cause: error });
  }
  if (isDatabaseBusy(error)) {
    return new AppError('database_busy', undefined, { headers: { 'retry-after': '1' }, cause: error });
  }
  return new AppError('internal', undefined, { cause: error });
}

/** The JSON body for an error response (spec part 7, decisions G13). */
export function errorBody(error: AppError, requestId: string): Record<string, unknown> {
  // spec part 7.2: a 401 body carries `error` as a string (sample "user not found") and a message.
  if (error.code === 'unauthenticated') return { error: 'user not found', message: error.message };
  if (error.code === 'unauthorized') return { error: 'unauthorized', message: error.message };
  if (error.code === 'account_suspended') return { error: 'account suspended', message: error.message };
  if (error.code === 'internal') return { error: true, message: error.message, request_id: requestId };
  if (error.details !== undefined) return { error: true, message: error.message, details: error.details };
  return { error: true, message: error.message };
}
