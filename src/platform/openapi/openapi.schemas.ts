import { Type, type TSchema } from '@sinclair/typebox';

/**
 * Schemas shared by every route's OpenAPI description: the error bodies of spec part 7 and the
 * request headers of the data API. Response schemas drive serialisation too (Fastify compiles
 * them with fast-json-stringify), so every field a handler sends must be declared.
 */

/**
 * Answers `true` only when every value of `Stored` fits `Schema`'s type. Modules assert it for the
 * shapes their handlers send, so a field that changes type fails `tsc` instead of failing the
 * serialiser at run time.
 */
export type Fits<Stored, Schema> = [Stored] extends [Schema] ? true : false;

/** Nullable variant of a schema (`T | null`). */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

/** spec part 7.1: a refused request answered with HTTP 200 (or 404, 413, ...) and a reason. */
export const ErrorBody = Type.Object(
  {
    error: Type.Literal(true),
    message: Type.String({ description: 'What was wrong, naming the field or the rule.' }),
    details: Type.Optional(
      Type.Object(
        {
          field: Type.String({ description: 'The refused field of the request.' }),
          value: Type.Unknown({ description: 'The value sent.' }),
          allowed: Type.Array(Type.String(), { description: 'Every value the field accepts here.' }),
        },
        {
          description:
            'decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted.',
        },
      ),
    ),
  },
  {
    description:
      'A refused request: `error` is true and `message` explains (spec part 7); `details` names the allowed values of a closed set.',
    examples: [
      { error: true, message: 'max_pages must be <= 10' },
      {
        error: true,
        message: 'country not supported by source',
        details: { field: 'country', value: 'us', allowed: ['de', 'at', 'uk', 'gb', 'fr', 'it', 'es'] },
      },
    ],
  },
);

const Unauthenticated = Type.Object(
  { error: Type.String(), message: Type.String() },
  {
    description: 'Missing or invalid credentials (spec part 7.2: `error` is a string here).',
    examples: [{ error: 'user not found', message: 'missing or invalid credentials' }],
  },
);

const Suspended = Type.Object(
  { error: Type.String(), message: Type.String() },
  {
    description: 'The account is suspended (decisions C2).',
    examples: [{ error: 'account suspended', message: 'account suspended' }],
  },
);

/** A 500: an unexpected failure, with the request id to quote. */
export const InternalError = Type.Object(
  { error: Type.Literal(true), message: Type.String(), request_id: Type.String() },
  {
    description: 'An unexpected failure; quote `request_id` when reporting it (decisions G13).',
    examples: [
      { error: true, message: 'internal error', request_id: '5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10' },
    ],
  },
);

function errorWith(description: string, message: string) {
  return Type.Object(
    { error: Type.Literal(true), message: Type.String() },
    { description, examples: [{ error: true, message }] },
  );
}

const RATE_LIMIT_HEADERS = {
  'retry-after': Type.Integer({ description: 'Seconds until a request will be accepted again.' }),
  'ratelimit-limit': Type.Integer({ description: 'Requests the bucket holds (burst).' }),
  'ratelimit-remaining': Type.Integer({ description: 'Requests left now.' }),
  'ratelimit-reset': Type.Integer({ description: 'Seconds until the bucket is full again.' }),
};

/** Options of {@link dataResponses}: which refusals besides the common ones a route can answer. */
export interface ResponseOptions {
  /** The route reads a JSON body (400 malformed, 413 too large, 415 not JSON). */
  body?: boolean;
  /** The route names a job or delivery that may not exist (404). */
  notFound?: string;
}

/**
 * The responses of an authenticated data-API route: 200 with `success` or `{error:true, message}`
 * (spec 4: "every 200 body carries `error`"), and the 401/403/404/413/429/500 bodies.
 */
export function dataResponses(success: TSchema, options: ResponseOptions = {}): Record<number, TSchema> {
  const examples = (success as { examples?: unknown[] }).examples;
  const responses: Record<number, TSchema> = {
    200: Type.Union([success, ErrorBody], {
      description: 'The answer, or `{error:true, message}` for a validation or business refusal.',
      ...(examples ? { examples } : {}),
    }),
    401: Unauthenticated,
    403: Suspended,
    404: errorWith(
      options.notFound ? `No such ${options.notFound} for this account.` : 'No such route.',
      options.notFound ? `${options.notFound} not found` : 'no route GET /nowhere',
    ),
    429: Type.Object(
      { error: Type.Literal(true), message: Type.String() },
      {
        description: 'Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14).',
        examples: [{ error: true, message: 'rate limit exceeded' }],
        headers: RATE_LIMIT_HEADERS,
      },
    ),
    500: InternalError,
  };
  if (options.body) {
    responses[400] = errorWith(
      'The body is not valid JSON.',
      'malformed JSON body: Unexpected end of JSON input',
    );
    responses[413] = errorWith(
      'The body exceeds the route\u2019s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream).',
      'request body too large: the limit is 16777216 bytes',
    );
    responses[415] = errorWith('The body is not JSON.', 'unsupported media type: send application/json');
  }
  return responses;
}

/** decisions G31: the 401 of the account plane and of sign-in, whose `error` is `"unauthorized"`. */
export const SessionUnauthorized = Type.Object(
  { error: Type.Literal('unauthorized'), message: Type.String() },
  {
    description:
      'No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31).',
    examples: [{ error: 'unauthorized', message: 'invalid or expired session token' }],
  },
);

/** A cookie-authenticated change without the matching double-submit CSRF token (decisions G17). */
export const CsrfRejected = errorWith(
  'A change authenticated by the session cookie without the matching `x-csrf-token` header.',
  'missing or wrong CSRF token',
);

/** Options of {@link sessionResponses}. */
export interface SessionResponseOptions extends ResponseOptions {
  /** The route may be called with the session cookie and changes state: 403 without the CSRF token. */
  csrf?: boolean;
  /**
   * Which limit can answer 429: each account's request bucket (`requests`, the default), the
   * failed sign-in counts (`sign-ins`), or none.
   */
  limit?: 'requests' | 'sign-ins' | 'none';
}

/**
 * The responses of an account-plane or sign-in route: as {@link dataResponses}, but 401 is the
 * session's body of decisions G31, 403 is only the CSRF refusal, and 429 only where a limit applies.
 */
export function sessionResponses(
  success: TSchema,
  options: SessionResponseOptions = {},
): Record<number, TSchema> {
  const {
    401: _unauthenticated,
    403: _suspended,
    429: requestLimit,
    ...rest
  } = dataResponses(success, options) as Record<number, TSchema> & { 429: TSchema };
  const limit = options.limit ?? 'requests';
  const signInLimit = Type.Object(
    { error: Type.Literal(true), message: Type.String() },
    {
      description: 'Too many failed sign-ins for this email or address; retry after `Retry-After` seconds.',
      examples: [{ error: true, message: 'too many failed sign-ins: try again later' }],
      headers: { 'retry-after': RATE_LIMIT_HEADERS['retry-after'] },
    },
  );
  const responses: Record<number, TSchema> = { ...rest, 401: SessionUnauthorized };
  if (options.csrf) responses[403] = CsrfRejected;
  if (limit === 'requests') responses[429] = requestLimit;
  if (limit === 'sign-ins') responses[429] = signInLimit;
  return responses;
}

/** decisions G26: a repeated submission with the same key answers the first job. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'Optional, 1 to 255 characters. A repeated submission with the same key and body within ' +
        '24 hours answers the first job instead of creating another (decisions G26).',
    }),
  ),
});

/** Example identifiers, shared by the examples so they agree with each other. */
export const EXAMPLE_IDS = {
  job: '65f1c2a9e4b0a1b2c3d4e5f6',
  delivery: '65f1c2b3e4b0a1b2c3d4e5f7',
  requestId: '5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10',
} as const;

/** Media type of an XLSX workbook. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Schema keyword of a binary download carrying its example rows as CSV (read by the mock). */
export const ROWS_CSV_KEYWORD = 'x-example-rows-csv';

/** A file a download route can answer instead of JSON. */
export interface FileAnswer {
  description: string;
  /** A text example (CSV), answered by the mock. */
  example?: string;
  /** For a binary file (XLSX): its rows as CSV, from which the mock makes the file. */
  rowsCsv?: string;
}

/**
 * Responses of a download route: 200 as JSON (`json`, or an error body) or as a file of one of
 * `files` (media type → description and example), plus the common refusals.
 */
export function downloadResponses(
  json: TSchema | undefined,
  files: Record<string, FileAnswer>,
  options: ResponseOptions = {},
): Record<number, unknown> {
  const { 200: jsonAnswer, ...refusals } = dataResponses(json ?? ErrorBody, options);
  const fileContent = Object.fromEntries(
    Object.entries(files).map(([mediaType, file]) => [
      mediaType,
      {
        schema: Type.String({
          description: file.description,
          ...(mediaType === XLSX_MEDIA_TYPE ? { format: 'binary' } : {}),
          ...(file.example === undefined ? {} : { examples: [file.example] }),
          ...(file.rowsCsv === undefined ? {} : { [ROWS_CSV_KEYWORD]: file.rowsCsv }),
        }),
      },
    ]),
  );
  return {
    200: {
      description: json
        ? 'The answer as JSON or a file, or `{error:true, message}` for a refusal.'
        : 'The file, or `{error:true, message}` (JSON) for a refusal.',
      content: { 'application/json': { schema: jsonAnswer }, ...fileContent },
    },
    ...refusals,
  };
}
