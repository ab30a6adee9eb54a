import { Type, type Static } from '@sinclair/typebox';
import { resultsToCsv } from './jobs.csv.ts';
import type { ResultItem } from './jobs.results.ts';
import {
  EXAMPLE_IDS,
  type Fits,
  IdempotencyHeaders,
  Nullable,
  XLSX_MEDIA_TYPE,
  dataResponses,
  downloadResponses,
} from '../openapi/openapi.schemas.ts';

/**
 * The submission body of `POST /job` and `POST /stream` (spec 2.1). Types and simple bounds live
 * here so the validator names the field; rules that depend on the source (countries, keys, topics)
 * and the value list live in `jobs.submission.ts`.
 */
export const SubmissionBody = Type.Object(
  {
    source: Type.String({ minLength: 1 }),
    country: Type.String({ minLength: 1 }),
    key: Type.Optional(Type.String({ minLength: 1 })),
    topic: Type.Optional(Type.String({ minLength: 1 })),
    values: Type.Union([Type.Array(Type.String()), Type.String()]),
    max_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    // decisions G21: values above 259200 are clamped, not refused.
    max_age: Type.Optional(Type.Integer({ minimum: 0 })),
    sort_by: Type.Optional(Type.String()),
    timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
    callback_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    not_found_max_age: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    include_meta: Type.Optional(Type.Boolean()),
    wait: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Boolean()])),
    client_ref: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    delivery_batch_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    fetch_seller_names: Type.Optional(Type.Boolean()),
    interval: Type.Optional(Type.Integer({ minimum: 15, maximum: 10080 })),
  },
  { additionalProperties: false },
);
export type SubmissionBody = Static<typeof SubmissionBody>;

/** Hints for fields whose schema is a union, where the validator's own words would be vague. */
export const FIELD_HINTS: Record<string, string> = {
  values: 'values must be an array of strings or a comma-separated string',
  wait: 'wait must be an integer from 1 to 120 seconds or a boolean',
  client_ref: 'client_ref must be a string or null',
};

export const JobIdParams = Type.Object({
  id: Type.String({ description: '24-hex-character job id.', examples: ['65f1c2a9e4b0a1b2c3d4e5f6'] }),
});

export const JobStatusQuery = Type.Object(
  {
    wait: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 120, description: 'Seconds to wait for the job to end.' }),
    ),
  },
  { additionalProperties: false },
);

export const DownloadQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('xlsx')], {
        description: '`json` (default), `csv` or `xlsx`.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** `PUT /job/{id}` (spec 4.4): every field optional; omitted fields keep their values. */
export const IntervalUpdateBody = Type.Object(
  {
    values: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String()])),
    max_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    max_age: Type.Optional(Type.Integer({ minimum: 0 })),
    sort_by: Type.Optional(Type.String()),
    topic: Type.Optional(Type.String({ minLength: 1 })),
    timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
  },
  { additionalProperties: false },
);
export type IntervalUpdateBody = Static<typeof IntervalUpdateBody>;

// ---- Responses (OpenAPI and serialisation) ----

const JOB_STATUSES = ['new', 'working', 'finished', 'failed'] as const;
const JobStatusSchema = Type.Union(
  JOB_STATUSES.map((status) => Type.Literal(status)),
  { description: 'spec 3.1: `new`, `working`, `finished` or `failed`.' },
);

/** An example result item (source_01, `key: id`), shared by every example that carries results. */
export const EXAMPLE_RESULT: ResultItem = {
  key: '5863521',
  success: true,
  reason: null,
  content: {
    id: '5863521',
    product_id: '5863521',
    name: 'Acme Kettle 1.7 l',
    url: 'https://example.com/product/5863521',
    price_min: 24.99,
    price_avg: 27.49,
    price_max: 29.99,
    offers_count: 2,
    offers: [
      { position: 1, price: 24.99, currency: 'EUR', shipping: 0, total: 24.99, seller_name: 'Shop A' },
      { position: 2, price: 29.99, currency: 'EUR', shipping: 3.9, total: 33.89, seller_name: 'Shop B' },
    ],
  },
  served_from: 'live',
  observed_at: '2025-03-01T10:15:02.311Z',
  trust: {
    score: 0.93,
    components: {
      identity: 1,
      completeness: 0.9,
      price_integrity: 0.95,
      offer_contamination: 1,
      freshness: 0.7,
    },
    flagged_offers: [],
  },
};

const TrustSchema = Type.Object(
  {
    score: Type.Number({ minimum: 0, maximum: 1 }),
    components: Type.Object({
      identity: Type.Number(),
      completeness: Type.Number(),
      price_integrity: Type.Number(),
      offer_contamination: Type.Number(),
      freshness: Type.Number(),
    }),
    flagged_offers: Type.Array(Type.Integer()),
  },
  { description: 'spec 2.5: how far the result can be trusted, 0..1.' },
);

const CrawlRecordSchema = Type.Object(
  {
    crawl_id: Type.String(),
    url: Type.String(),
    http_status: Type.Integer(),
    duration_ms: Type.Integer(),
    observed_at: Type.String(),
    geo: Nullable(Type.String({ description: 'Country the request left from; null when not known.' })),
    job_type: Type.String(),
  },
  { additionalProperties: true },
);

/** The result item of spec 2.3; `content` differs per source, so it keeps every field it has. */
export const ResultItemSchema = Type.Object(
  {
    key: Type.String({ description: 'The input value this result belongs to.' }),
    success: Type.Boolean(),
    reason: Nullable(Type.String(), {
      description: '`not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null.',
    }),
    content: Nullable(
      Type.Object({}, { additionalProperties: true, description: 'Source-specific payload (spec 2.4).' }),
    ),
    served_from: Type.Union([Type.Literal('live'), Type.Literal('cache')]),
    observed_at: Nullable(Type.String()),
    trust: TrustSchema,
    meta: Type.Optional(
      Type.Object(
        { crawls: Type.Array(CrawlRecordSchema), partial: Type.Optional(Type.Boolean()) },
        { additionalProperties: true, description: 'spec 2.6: present when `include_meta` was true.' },
      ),
    ),
  },
  { examples: [EXAMPLE_RESULT] },
);

// A stored result item must fit the schema that serialises it: tsc fails here when they drift.
export const RESULT_ITEM_FITS_SCHEMA: Fits<ResultItem, Static<typeof ResultItemSchema>> = true;

const EXAMPLE_JOB = {
  _id: EXAMPLE_IDS.job,
  source: 'source_01',
  country: 'de',
  key: 'id',
  topic: 'search',
  values: ['5863521'],
  max_pages: 1,
  max_age: 0,
  sort_by: 'ranking_descending',
  timeout: 60,
  not_found_max_age: 30,
  include_meta: false,
  fetch_seller_names: false,
  callback_url: null,
  status: 'new',
  createdAt: '2025-03-01T10:15:00.000Z',
  updatedAt: '2025-03-01T10:15:00.000Z',
};

/** The batch job object of spec 2.2. */
export const JobSchema = Type.Object(
  {
    _id: Type.String({ description: '24-hex-character job id.' }),
    source: Type.String(),
    country: Type.String(),
    key: Type.String(),
    topic: Type.String(),
    values: Type.Array(Type.String()),
    max_pages: Type.Integer(),
    max_age: Type.Integer(),
    sort_by: Type.String(),
    timeout: Type.Integer({ description: 'Minutes.' }),
    not_found_max_age: Type.Integer(),
    include_meta: Type.Boolean(),
    fetch_seller_names: Type.Boolean(),
    callback_url: Nullable(Type.String()),
    status: JobStatusSchema,
    interval: Type.Optional(Type.Integer({ description: 'Interval jobs only: minutes between runs.' })),
    next_run_at: Type.Optional(Nullable(Type.String())),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { examples: [EXAMPLE_JOB] },
);

export const SubmitJobResponse = Type.Object(
  {
    error: Type.Literal(false),
    job: JobSchema,
    wait_timed_out: Type.Optional(Type.Literal(true)),
    results: Type.Optional(Type.Array(ResultItemSchema, { description: 'With `wait` settled.' })),
    webhook_secret: Type.Optional(Type.String({ description: 'With `callback_url`: signs deliveries.' })),
  },
  { examples: [{ error: false, job: EXAMPLE_JOB }] },
);

export const JobStatusResponse = Type.Object(
  {
    error: Type.Literal(false),
    wait_timed_out: Type.Optional(Type.Literal(true)),
    job: Type.Object({
      _id: Type.String(),
      status: JobStatusSchema,
      done: Type.Integer({ description: 'Values with a result so far.' }),
      all: Type.Integer({ description: 'Values in the job.' }),
      interval: Type.Optional(Type.Integer()),
      next_run_at: Type.Optional(Nullable(Type.String())),
      run_id: Type.Optional(Nullable(Type.String({ description: 'The latest run of an interval job.' }))),
    }),
  },
  { examples: [{ error: false, job: { _id: EXAMPLE_IDS.job, status: 'working', done: 3, all: 10 } }] },
);

export const JobUpdatedResponse = Type.Object(
  { error: Type.Literal(false), job: JobSchema },
  {
    examples: [
      { error: false, job: { ...EXAMPLE_JOB, interval: 60, next_run_at: '2025-03-01T11:15:00.000Z' } },
    ],
  },
);

export const JobDeletedResponse = Type.Object(
  { error: Type.Literal(false), message: Type.String() },
  { examples: [{ error: false, message: 'job deleted' }] },
);

export const DownloadResponse = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    status: JobStatusSchema,
    results: Type.Array(ResultItemSchema),
  },
  { examples: [{ error: false, job_id: EXAMPLE_IDS.job, status: 'finished', results: [EXAMPLE_RESULT] }] },
);

const CSV_FILE = {
  description:
    'CSV (decisions G10): a header row, one row per offer; formula-like cells get a leading apostrophe.',
  example: resultsToCsv([EXAMPLE_RESULT]),
};
const XLSX_FILE = {
  description: 'XLSX workbook with the rows of the CSV, numbers and dates as typed cells.',
  rowsCsv: CSV_FILE.example,
};
const TAGS = ['Batch jobs'];

/** Route schemas of the batch API (spec 4.1–4.5): validation, OpenAPI and serialisation in one. */
export const JOB_ROUTES = {
  submit: {
    operationId: 'submitJob',
    tags: TAGS,
    summary: 'Submit a batch job',
    description:
      'spec 4.1: creates a job crawling every value. With `wait` (one value only) the answer waits ' +
      'for the result; with `wait` elapsed it carries `wait_timed_out: true`.',
    body: SubmissionBody,
    headers: IdempotencyHeaders,
    response: dataResponses(SubmitJobResponse, { body: true }),
  },
  status: {
    operationId: 'getJob',
    tags: TAGS,
    summary: 'Poll a job',
    description:
      'spec 4.2: status and progress. `wait=N` keeps the request open up to N seconds until the job ends.',
    params: JobIdParams,
    querystring: JobStatusQuery,
    response: dataResponses(JobStatusResponse, { notFound: 'job' }),
  },
  update: {
    operationId: 'updateIntervalJob',
    tags: TAGS,
    summary: 'Update an interval job',
    description: 'spec 4.4: replaces the value list and parameters; previous results are cleared.',
    params: JobIdParams,
    body: IntervalUpdateBody,
    response: dataResponses(JobUpdatedResponse, { body: true, notFound: 'job' }),
  },
  delete: {
    operationId: 'deleteIntervalJob',
    tags: TAGS,
    summary: 'Delete an interval job',
    description: 'spec 4.5: permanently deletes an interval job and its results.',
    params: JobIdParams,
    response: dataResponses(JobDeletedResponse, { notFound: 'job' }),
  },
  download: {
    operationId: 'downloadJob',
    tags: TAGS,
    summary: 'Download the results of a job',
    description:
      'spec 4.3: every result of a finished job, as JSON (default), CSV or XLSX. Results stay ' +
      'available 72 hours from job creation.',
    params: JobIdParams,
    querystring: DownloadQuery,
    response: downloadResponses(
      DownloadResponse,
      { 'text/csv': CSV_FILE, [XLSX_MEDIA_TYPE]: XLSX_FILE },
      {
        notFound: 'job',
      },
    ),
  },
  downloadCsv: {
    operationId: 'downloadJobCsv',
    tags: TAGS,
    summary: 'Download the results of a job as CSV',
    description: 'spec 4.3: the same as `GET /job/{id}/download?format=csv`.',
    params: JobIdParams,
    response: downloadResponses(undefined, { 'text/csv': CSV_FILE }, { notFound: 'job' }),
  },
  downloadXlsx: {
    operationId: 'downloadJobXlsx',
    tags: TAGS,
    summary: 'Download the results of a job as XLSX',
    description: 'The same as `GET /job/{id}/download?format=xlsx`.',
    params: JobIdParams,
    response: downloadResponses(undefined, { [XLSX_MEDIA_TYPE]: XLSX_FILE }, { notFound: 'job' }),
  },
};
