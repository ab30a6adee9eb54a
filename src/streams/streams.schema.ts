import { Type } from '@sinclair/typebox';
import type { DeliveryStatus } from '../deliveries/deliveries.table.ts';

const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'dead_lettered'];

/** Path of the stream endpoints: the job id (malformed ids answer 404 `job not found`, G11). */
export const StreamIdParams = Type.Object({ id: Type.String() });

export const DeliveryIdParams = Type.Object({ delivery_id: Type.String() });

/** Most results or deliveries one page answers (spec 4.8, part 8). */
export const MAX_PAGE_LIMIT = 1000;
export const DEFAULT_PAGE_LIMIT = 100;

/** `GET /stream/{id}/results` (spec 4.8, decisions C6). */
export const ResultsQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }),
    batch: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** `GET /stream/{id}/deliveries` (decisions G7), optionally of one status. */
export const DeliveriesQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }),
    // A plain enum (not a union) so a bad value is reported as "must be equal to one of the allowed values".
    status: Type.Optional(Type.Unsafe<DeliveryStatus>({ type: 'string', enum: [...DELIVERY_STATUSES] })),
  },
  { additionalProperties: false },
);
