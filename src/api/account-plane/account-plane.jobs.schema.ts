import { Type } from '@sinclair/typebox';
import { cursorParam, limitParam, offsetParam } from '../http/http.paging.ts';
import { DELIVERIES_PAGE, DeliverySchema, ReplayedOne } from '../deliveries/deliveries.schema.ts';
import { ACCOUNT_PAGE } from './account-plane.schema.ts';

/** Schemas of the account plane's job and delivery routes (the dashboard's view of its jobs). */

const Timestamp = Type.String({ format: 'date-time' });

export const JobsQuery = Type.Object(
  {
    kind: Type.Optional(Type.Unsafe<'batch' | 'stream'>({ type: 'string', enum: ['batch', 'stream'] })),
    limit: limitParam(ACCOUNT_PAGE),
    cursor: cursorParam(),
  },
  { additionalProperties: false },
);

export const JobSummary = Type.Object({
  id: Type.String(),
  kind: Type.Unsafe<'batch' | 'stream'>({ type: 'string', enum: ['batch', 'stream'] }),
  status: Type.Unsafe<string>({ type: 'string', enum: ['new', 'working', 'finished', 'failed'] }),
  source: Type.String(),
  country: Type.String(),
  key: Type.String(),
  topic: Type.String(),
  values_total: Type.Integer(),
  values_done: Type.Integer(),
  values_errors: Type.Integer(),
  interval: Type.Union([Type.Integer(), Type.Null()], { description: 'minutes, for interval jobs' }),
  run_id: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'Interval jobs: the run whose status and counts are shown (the latest; null before the first).',
    }),
  ),
  next_run_at: Type.Optional(
    Type.Union([Timestamp, Type.Null()], { description: 'Interval jobs: when the next run starts.' }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const JOB_EXAMPLE = {
  id: '6742f1a2b3c4d5e6f7a8b9c0',
  kind: 'batch',
  status: 'working',
  source: 'source_01',
  country: 'de',
  key: 'gtin',
  topic: 'search',
  values_total: 10,
  values_done: 4,
  values_errors: 0,
  interval: null,
  created_at: '2026-11-24T09:30:01.000Z',
  updated_at: '2026-11-24T09:30:03.000Z',
};

export const JobsResponse = Type.Object(
  {
    error: Type.Literal(false),
    jobs: Type.Array(JobSummary),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  },
  { examples: [{ error: false, jobs: [JOB_EXAMPLE], next_cursor: null }] },
);

export const JobDetailResponse = Type.Object(
  {
    error: Type.Literal(false),
    job: JobSummary,
    deliveries: Type.Optional(
      Type.Object({
        pending: Type.Integer(),
        delivered: Type.Integer(),
        failed: Type.Integer(),
        dead_lettered: Type.Integer(),
      }),
    ),
  },
  { examples: [{ error: false, job: JOB_EXAMPLE }] },
);

export const DownloadQuery = Type.Object(
  { format: Type.Unsafe<'json' | 'csv'>({ type: 'string', enum: ['json', 'csv'], default: 'json' }) },
  { additionalProperties: false },
);

export const DownloadResponse = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    status: Type.String(),
    results: Type.Array(Type.Object({}, { additionalProperties: true }), {
      description: 'result items (spec 2.3)',
    }),
  },
  { examples: [{ error: false, job_id: JOB_EXAMPLE.id, status: 'finished', results: [] }] },
);

export const DeliveriesQuery = Type.Object(
  {
    offset: offsetParam(),
    limit: limitParam(DELIVERIES_PAGE),
    status: Type.Optional(
      Type.Unsafe<'pending' | 'delivered' | 'failed' | 'dead_lettered'>({
        type: 'string',
        enum: ['pending', 'delivered', 'failed', 'dead_lettered'],
      }),
    ),
  },
  { additionalProperties: false },
);

export const DeliveriesResponse = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    offset: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    count: Type.Integer(),
    // The records of `GET /job/{id}/deliveries`: the same service answers both.
    deliveries: Type.Array(DeliverySchema),
  },
  {
    examples: [
      { error: false, job_id: JOB_EXAMPLE.id, offset: 0, limit: 100, total: 0, count: 0, deliveries: [] },
    ],
  },
);

export const ReplayAllResponse = Type.Object(
  { error: Type.Literal(false), replayed: Type.Integer() },
  { examples: [{ error: false, replayed: 2 }] },
);

export const DeliveryIdParams = Type.Object({ delivery_id: Type.String() });

/** The answer of `POST /stream/deliveries/{id}/replay`, which the same service gives. */
export const ReplayOneResponse = ReplayedOne;
