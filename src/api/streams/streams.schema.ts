import { Type } from '@sinclair/typebox';
import { EXAMPLE_RESULT, ResultItemSchema } from '../../pipeline/work/work.schema.ts';
import { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import {
  EXAMPLE_IDS,
  IdempotencyHeaders,
  Nullable,
  dataResponses,
} from '../../platform/openapi/openapi.schemas.ts';
import { MAX_OFFSET, limitParam, offsetParam } from '../http/http.paging.ts';

import {
  DELIVERIES_PAGE,
  DeliveriesPage,
  DeliveriesQuery,
  DeliveryIdParams,
  ReplayedAll,
  ReplayedOne,
} from '../deliveries/deliveries.schema.ts';

/** Path of the stream endpoints: the job id (malformed ids answer 404 `job not found`, G11). */
export const StreamIdParams = Type.Object({
  id: Type.String({ description: '24-hex-character job id.', examples: [EXAMPLE_IDS.job] }),
});

/** `GET /stream/{id}/results` (spec 4.8, decisions C6). */
export const ResultsQuery = Type.Object(
  {
    offset: offsetParam('Results to skip (completion order).'),
    limit: limitParam(DELIVERIES_PAGE),
    batch: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_OFFSET,
        description: '1-based delivery batch sequence; when given, `offset` and `limit` are ignored.',
      }),
    ),
  },
  { additionalProperties: false },
);

// ---- Responses (OpenAPI and serialisation) ----

const DeliveryCounts = Type.Object(
  {
    pending: Type.Integer(),
    delivered: Type.Integer(),
    failed: Type.Integer(),
    dead_lettered: Type.Integer(),
  },
  { description: 'Deliveries by status.' },
);

const EXAMPLE_COUNTS = { pending: 0, delivered: 1, failed: 0, dead_lettered: 0 };

export const StreamSubmitted = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    webhook_secret: Type.String({ description: '64 hex characters; shown only in this answer.' }),
    client_ref: Nullable(Type.String()),
  },
  {
    examples: [
      {
        error: false,
        job_id: EXAMPLE_IDS.job,
        webhook_secret: '9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c2e4a6c8e0b2d4f6a8c0e2a4c6e8a0b2d',
        client_ref: 'catalogue-2025-03',
      },
    ],
  },
);

export const StreamStatus = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    status: Type.String({ description: '`new`, `working`, `finished` or `failed`.' }),
    values_total: Type.Integer(),
    values_done: Type.Integer(),
    values_errors: Type.Integer(),
    is_final: Type.Boolean({ description: 'True once the last delivery batch was assembled.' }),
    batches_emitted: Type.Integer(),
    deliveries: DeliveryCounts,
    client_ref: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  {
    examples: [
      {
        error: false,
        job_id: EXAMPLE_IDS.job,
        status: 'working',
        values_total: 250,
        values_done: 100,
        values_errors: 2,
        is_final: false,
        batches_emitted: 1,
        deliveries: EXAMPLE_COUNTS,
        client_ref: 'catalogue-2025-03',
        createdAt: '2025-03-01T10:15:00.000Z',
        updatedAt: '2025-03-01T10:16:40.000Z',
      },
    ],
  },
);

export const StreamResultsPage = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    values_total: Type.Integer(),
    values_done: Type.Integer(),
    values_errors: Type.Integer(),
    is_final: Type.Boolean(),
    batch: Type.Optional(Type.Integer()),
    offset: Type.Integer(),
    limit: Type.Integer(),
    count: Type.Integer({ description: 'Results in this page.' }),
    results: Type.Array(
      Type.Object({
        _id: Type.String(),
        result: Nullable(ResultItemSchema),
        source: Type.String(),
        country: Type.String(),
        index: Type.Integer({ description: '0-based position of the value in the submission.' }),
        completed_at: Nullable(Type.String()),
      }),
    ),
  },
  {
    examples: [
      {
        error: false,
        job_id: EXAMPLE_IDS.job,
        values_total: 250,
        values_done: 100,
        values_errors: 2,
        is_final: false,
        offset: 0,
        limit: 1,
        count: 1,
        results: [
          {
            _id: `${EXAMPLE_IDS.job}-0`,
            result: EXAMPLE_RESULT,
            source: 'source_01',
            country: 'de',
            index: 0,
            completed_at: '2025-03-01T10:15:02.400Z',
          },
        ],
      },
    ],
  },
);

const TAGS = ['Streams'];

/** Route schemas of the Stream API (spec 4.6–4.11): validation, OpenAPI and serialisation in one. */
export const STREAM_ROUTES = {
  submit: {
    operationId: 'submitStream',
    tags: TAGS,
    summary: 'Submit a stream job',
    description:
      'spec 4.6: up to 100 000 values; results are delivered to `callback_url` in signed batches ' +
      'of `delivery_batch_size` (1..200, default 100).',
    body: SubmissionBody,
    headers: IdempotencyHeaders,
    response: dataResponses(StreamSubmitted, { body: true }),
  },
  status: {
    operationId: 'getStream',
    tags: TAGS,
    summary: 'Progress of a stream',
    description: 'spec 4.7, decisions G6: status, progress counters and deliveries by status.',
    params: StreamIdParams,
    response: dataResponses(StreamStatus, { notFound: 'job' }),
  },
  results: {
    operationId: 'listStreamResults',
    tags: TAGS,
    summary: 'A page of stream results',
    description:
      'spec 4.8: results in completion order by `offset`/`limit`, or exactly the results of one ' +
      'delivery `batch`.',
    params: StreamIdParams,
    querystring: ResultsQuery,
    response: dataResponses(StreamResultsPage, { notFound: 'job' }),
  },
  deliveries: {
    operationId: 'listStreamDeliveries',
    tags: TAGS,
    summary: 'A page of webhook deliveries',
    description: 'spec 4.9, decisions G7: deliveries in batch order, optionally of one status.',
    params: StreamIdParams,
    querystring: DeliveriesQuery,
    response: dataResponses(DeliveriesPage, { notFound: 'job' }),
  },
  replayAll: {
    operationId: 'replayStreamDeliveries',
    tags: TAGS,
    summary: 'Replay every dead-lettered delivery',
    description: 'spec 4.10: moves every `dead_lettered` delivery back to `pending` with a fresh budget.',
    params: StreamIdParams,
    response: dataResponses(ReplayedAll, { notFound: 'job' }),
  },
  replayOne: {
    operationId: 'replayDelivery',
    tags: TAGS,
    summary: 'Replay one delivery',
    description: 'spec 4.11, decisions G8: re-sends one delivery now, same id and `batch_sequence`.',
    params: DeliveryIdParams,
    response: dataResponses(ReplayedOne, { notFound: 'delivery' }),
  },
};
