import { Type, type Static } from '@sinclair/typebox';
import { resultsToCsv } from './jobs.csv.ts';
import { EXAMPLE_RESULT, ResultItemSchema } from '../../pipeline/work/work.schema.ts';
import { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import {
  EXAMPLE_IDS,
  IdempotencyHeaders,
  Nullable,
  XLSX_MEDIA_TYPE,
  dataResponses,
  downloadResponses,
} from '../../platform/openapi/openapi.schemas.ts';
import { DeliveriesPage, DeliveriesQuery, ReplayedAll } from '../deliveries/deliveries.schema.ts';

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
    deliver: Type.Optional(Type.String({ description: 'decisions G40: `all` or `changes`.' })),
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
    deliver: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('changes')], {
        description:
          'Interval jobs only (decisions G40): each run delivers every result (`all`) or only the changed ones (`changes`).',
      }),
    ),
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
      failure_reason: Type.Optional(
        Nullable(Type.String({ description: 'Why the job ended failed; only on a failed job.' })),
      ),
      interval: Type.Optional(Type.Integer()),
      next_run_at: Type.Optional(Nullable(Type.String())),
      run_id: Type.Optional(Nullable(Type.String({ description: 'The latest run of an interval job.' }))),
      last_run_error: Type.Optional(
        Nullable(
          Type.String({
            description: 'Why the latest period of an interval job did not start; null once one starts.',
          }),
        ),
      ),
    }),
  },
  { examples: [{ error: false, job: { _id: EXAMPLE_IDS.job, status: 'working', done: 3, all: 10 } }] },
);

export const JobUpdatedResponse = Type.Object(
  { error: Type.Literal(false), job: JobSchema },
  {
    examples: [
      {
        error: false,
        job: { ...EXAMPLE_JOB, interval: 60, next_run_at: '2025-03-01T11:15:00.000Z', deliver: 'changes' },
      },
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

/** The CSV form of a download, with its example (the account plane answers it too). */
export const CSV_FILE = {
  description:
    'CSV (decisions G10, G36): a header row, then one row per offer and per search result (`row_kind` `offer`, `search_result`, or `result` for a result without offers) in one column layout for every source and key (docs/downloads.md); formula-like cells get a leading apostrophe.',
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
  deliveries: {
    operationId: 'listJobDeliveries',
    tags: TAGS,
    summary: 'A page of a batch job\u2019s webhook deliveries',
    description:
      'decisions G7: the deliveries of a batch job with a `callback_url` (one final delivery per job ' +
      'or interval run; an interval job\u2019s are listed under each run\u2019s `run_id`), in batch ' +
      'order, optionally of one status; the same shape as `GET /stream/{id}/deliveries`.',
    params: JobIdParams,
    querystring: DeliveriesQuery,
    response: dataResponses(DeliveriesPage, { notFound: 'job' }),
  },
  replayAll: {
    operationId: 'replayJobDeliveries',
    tags: TAGS,
    summary: 'Replay every dead-lettered delivery of a batch job',
    description:
      'spec 4.10 for a batch job: moves every `dead_lettered` delivery back to `pending` with a fresh ' +
      'budget; the same shape as `POST /stream/{id}/replay-all`.',
    params: JobIdParams,
    response: dataResponses(ReplayedAll, { notFound: 'job' }),
  },
};
