/**
 * Webhook delivery records and their replays (decisions G7, G8; spec 4.9-4.11), the same for a stream
 * and for a batch job with a `callback_url`: schemas shared by `/stream/{id}/...`, `/job/{id}/...` and
 * the account plane.
 */
import { Type } from '@sinclair/typebox';
import { EXAMPLE_IDS, Nullable } from '../../platform/openapi/openapi.schemas.ts';
import type { DeliveryStatus } from '../../pipeline/deliveries/deliveries.table.ts';
import { limitParam, offsetParam } from '../http/http.paging.ts';

/** Every delivery state (decisions G7). */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'pending',
  'delivered',
  'failed',
  'dead_lettered',
];

export const DeliveryIdParams = Type.Object({
  delivery_id: Type.String({
    description: '24-hex-character delivery id.',
    examples: [EXAMPLE_IDS.delivery],
  }),
});

/** Page size of results and deliveries: at most 1000 (spec 4.8, part 8), 100 by default. */
export const DELIVERIES_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/** `GET /stream/{id}/deliveries` and `GET /job/{id}/deliveries` (decisions G7), optionally of one status. */
export const DeliveriesQuery = Type.Object(
  {
    offset: offsetParam(),
    limit: limitParam(DELIVERIES_PAGE),
    // A plain enum (not a union) so a bad value is reported as "must be equal to one of the allowed values".
    status: Type.Optional(Type.Unsafe<DeliveryStatus>({ type: 'string', enum: [...DELIVERY_STATUSES] })),
  },
  { additionalProperties: false },
);

// ---- Responses (OpenAPI and serialisation) ----

const EXAMPLE_DELIVERY = {
  _id: EXAMPLE_IDS.delivery,
  job_id: EXAMPLE_IDS.job,
  batch_sequence: 1,
  status: 'delivered',
  attempts: 1,
  results_count: 100,
  is_final: false,
  last_http_status: 200,
  last_error: null,
  created_at: '2025-03-01T10:16:00.000Z',
  last_attempt_at: '2025-03-01T10:16:00.120Z',
  next_attempt_at: null,
  delivered_at: '2025-03-01T10:16:00.180Z',
};

/** A delivery record (decisions G7). */
export const DeliverySchema = Type.Object({
  _id: Type.String(),
  job_id: Type.String(),
  batch_sequence: Type.Integer(),
  status: Type.Unsafe<DeliveryStatus>({ type: 'string', enum: [...DELIVERY_STATUSES] }),
  attempts: Type.Integer(),
  results_count: Type.Integer(),
  is_final: Type.Boolean(),
  last_http_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created_at: Type.String(),
  last_attempt_at: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
  delivered_at: Nullable(Type.String()),
});

export const DeliveriesPage = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    offset: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer({ description: 'Deliveries matching the filter in all pages.' }),
    count: Type.Integer(),
    deliveries: Type.Array(DeliverySchema),
  },
  {
    examples: [
      {
        error: false,
        job_id: EXAMPLE_IDS.job,
        offset: 0,
        limit: 100,
        total: 1,
        count: 1,
        deliveries: [EXAMPLE_DELIVERY],
      },
    ],
  },
);

export const ReplayedAll = Type.Object(
  {
    error: Type.Literal(false),
    replayed: Type.Integer({ description: 'Deliveries moved back to pending.' }),
  },
  { examples: [{ error: false, replayed: 2 }] },
);

export const ReplayedOne = Type.Object(
  {
    error: Type.Literal(false),
    delivery_id: Type.String(),
    status: Type.Unsafe<DeliveryStatus>({ type: 'string', enum: [...DELIVERY_STATUSES] }),
  },
  { examples: [{ error: false, delivery_id: EXAMPLE_IDS.delivery, status: 'pending' }] },
);
