import { Type, type Static } from '@sinclair/typebox';
import {
  Nullable,
  XLSX_MEDIA_TYPE,
  downloadResponses,
  type Fits,
} from '../../platform/openapi/openapi.schemas.ts';
import { limitParam, offsetParam } from '../http/http.paging.ts';

/** Page size of `GET /history` when `limit` is not given, and its maximum. */
export const HISTORY_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/** Query of `GET /history` (docs/history.md); source-dependent rules live in `history.service.ts`. */
export const HistoryQuery = Type.Object(
  {
    source: Type.String({ minLength: 1 }),
    country: Type.String({ minLength: 1 }),
    key: Type.String({ minLength: 1 }),
    value: Type.String({ minLength: 1, maxLength: 1000 }),
    from: Type.Optional(
      Type.String({ minLength: 1, description: 'ISO 8601 date (whole day) or date-time with a zone.' }),
    ),
    to: Type.Optional(
      Type.String({ minLength: 1, description: 'ISO 8601 date (whole day, inclusive) or date-time.' }),
    ),
    format: Type.Optional(Type.String({ description: '`json` (default), `csv` or `xlsx`.' })),
    offset: offsetParam('Points to skip (default 0).'),
    limit: limitParam(HISTORY_PAGE),
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

const HistoryPointSchema = Type.Object({
  observed_at: Type.String(),
  topic: Type.String(),
  found: Type.Boolean(),
  price_min: Nullable(Type.Number()),
  price_avg: Nullable(Type.Number()),
  price_max: Nullable(Type.Number()),
  offers_count: Nullable(Type.Integer()),
  buybox_price: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
});

// A history point must fit the schema that serialises it: tsc fails here when they drift.
export const HISTORY_POINT_FITS_SCHEMA: Fits<HistoryPoint, Static<typeof HistoryPointSchema>> = true;

/** `GET /history` in JSON (docs/history.md). */
export const HistoryPageSchema = Type.Object(
  {
    error: Type.Literal(false),
    source: Type.String(),
    country: Type.String(),
    key: Type.String(),
    value: Type.String(),
    from: Nullable(Type.String()),
    to: Nullable(Type.String()),
    offset: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer({ description: 'Points matching the query in all pages.' }),
    count: Type.Integer({ description: 'Points in this page.' }),
    points: Type.Array(HistoryPointSchema),
  },
  {
    examples: [
      {
        error: false,
        source: 'source_01',
        country: 'de',
        key: 'id',
        value: '8401952',
        from: null,
        to: null,
        offset: 0,
        limit: 100,
        total: 1,
        count: 1,
        points: [
          {
            observed_at: '2025-03-01T10:00:02.118Z',
            topic: 'search',
            found: true,
            price_min: 152.49,
            price_avg: 167.59,
            price_max: 179.99,
            offers_count: 13,
            buybox_price: null,
            currency: 'EUR',
          },
        ],
      },
    ],
  },
);

const HISTORY_CSV_EXAMPLE =
  'observed_at,topic,found,price_min,price_avg,price_max,offers_count,buybox_price,currency\r\n' +
  '2025-03-01T10:00:02.118Z,search,true,152.49,167.59,179.99,13,,EUR\r\n';

/** Route schema of `GET /history`: validation, OpenAPI and serialisation in one. */
export const HISTORY_ROUTE = {
  operationId: 'getHistory',
  tags: ['History'],
  summary: 'Price history of one value',
  description:
    'docs/history.md: the observations of one value made for this account, oldest first, as JSON, ' +
    'CSV or XLSX.',
  querystring: HistoryQuery,
  response: downloadResponses(HistoryPageSchema, {
    'text/csv': { description: 'A header row, one row per point.', example: HISTORY_CSV_EXAMPLE },
    [XLSX_MEDIA_TYPE]: {
      description: 'The CSV rows as a workbook, numbers and dates as typed cells.',
      rowsCsv: HISTORY_CSV_EXAMPLE,
    },
  }),
};
