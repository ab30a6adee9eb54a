/** The wire shapes of `GET /history` (docs/history.md), from the generated OpenAPI types. */
import type { ApiQuery, ApiSuccess } from './client.openapi.ts';

/**
 * Query of `GET /history` (docs/history.md): `from` and `to` are a date `2025-03-01` or a
 * date-time with zone, inclusive; `limit` 1..1000, default 100. The client sets `format`.
 */
export type HistoryQuery = Omit<ApiQuery<'getHistory', 'source' | 'country' | 'key' | 'value'>, 'format'>;

/** `GET /history`. */
export type HistoryPage = ApiSuccess<'getHistory'>;

/** One point of a value's price history. */
export type HistoryPoint = HistoryPage['points'][number];
