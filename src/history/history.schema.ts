import { Type, type Static } from '@sinclair/typebox';

/** Page size of `GET /history` when `limit` is not given, and its maximum. */
export const HISTORY_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/** Query of `GET /history` (docs/history.md); source-dependent rules live in `history.service.ts`. */
export const HistoryQuery = Type.Object(
  {
    source: Type.String({ minLength: 1 }),
    country: Type.String({ minLength: 1 }),
    key: Type.String({ minLength: 1 }),
    value: Type.String({ minLength: 1, maxLength: 1000 }),
    from: Type.Optional(Type.String({ minLength: 1 })),
    to: Type.Optional(Type.String({ minLength: 1 })),
    format: Type.Optional(Type.String()),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_PAGE.maxLimit })),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

/** One point of a price history. */
export interface HistoryPoint {
  observed_at: string;
  topic: string;
  /** False for a completed lookup that found no listing (`reason: "not found"`). */
  found: boolean;
  price_min: number | null;
  price_avg: number | null;
  price_max: number | null;
  offers_count: number | null;
  buybox_price: number | null;
  currency: string | null;
}
