import type { Selectable } from 'kysely';

/**
 * One crawl result (spec 2.3 item without `meta`) as observed at `observed_at`: the cache re-serves
 * it within `max_age` and the price history lists it. `account_id` paid for the crawl.
 */
export interface ObservationsTable {
  id: string;
  /** Hex SHA-256 of everything that shapes the content (see `observations.key.ts`). */
  cache_key: string;
  /** Hex SHA-256 of source, marketplace, key and value: the not-found cache and the history. */
  value_key: string;
  source: string;
  country: string;
  key: string;
  value: string;
  topic: string;
  max_pages: number;
  sort_by: string;
  fetch_seller_names: number;
  account_id: string;
  job_id: string;
  value_index: number;
  observed_at: string;
  success: number;
  reason: string | null;
  /** 1 for a completed lookup that found nothing (`success:true, reason:"not found"`). */
  not_found: number;
  /**
   * The result item as JSON with its provenance `meta` (crawls, and `partial` for the sources that
   * report it) whatever the crawling job's `include_meta`; rows stored before provenance was kept
   * have none.
   */
  item: string;
  price_min: number | null;
  price_avg: number | null;
  price_max: number | null;
  offers_count: number | null;
  buybox_price: number | null;
  currency: string | null;
  created_at: string;
}

/** That an account received an observation (crawled for it or re-served to it): its history. */
export interface ObservationReceiptsTable {
  account_id: string;
  observation_id: string;
  value_key: string;
  observed_at: string;
  job_id: string;
  value_index: number;
  received_at: string;
}

export type Observation = Selectable<ObservationsTable>;
