/** The wire shapes of `GET /history` (docs/history.md), as the client receives them. */

/** Query of `GET /history` (docs/history.md). */
export interface HistoryQuery {
  source: string;
  country: string;
  key: string;
  value: string;
  /** A date `2025-03-01` or a date-time with zone; inclusive. */
  from?: string;
  to?: string;
  offset?: number;
  /** 1..1000, default 100. */
  limit?: number;
}

/** One point of a value's price history. */
export interface HistoryPoint {
  observed_at: string;
  topic: string;
  found: boolean;
  price_min: number | null;
  price_avg: number | null;
  price_max: number | null;
  offers_count: number;
  buybox_price: number | null;
  currency: string | null;
}

/** `GET /history`. */
export interface HistoryPage {
  error: false;
  source: string;
  country: string;
  key: string;
  value: string;
  from: string | null;
  to: string | null;
  offset: number;
  limit: number;
  total: number;
  count: number;
  points: HistoryPoint[];
}
