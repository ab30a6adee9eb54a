import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { HistoryPoint } from './history.schema.ts';

/** Which observations a history lists: one account's, of one value, in a time range. */
export interface HistoryFilter {
  accountId: string;
  valueKey: string;
  /** Inclusive lower bound, ISO-8601 UTC. */
  fromIso?: string;
  /** Exclusive upper bound, ISO-8601 UTC. */
  untilIso?: string;
}

function filtered(db: Db, filter: HistoryFilter) {
  let query = db
    .selectFrom('observation_receipts as r')
    .innerJoin('observations as o', 'o.id', 'r.observation_id')
    .where('r.account_id', '=', filter.accountId)
    .where('r.value_key', '=', filter.valueKey)
    // `convert` results carry an identifier, no prices.
    .where('o.topic', '!=', 'convert');
  if (filter.fromIso !== undefined) query = query.where('r.observed_at', '>=', filter.fromIso);
  if (filter.untilIso !== undefined) query = query.where('r.observed_at', '<', filter.untilIso);
  return query;
}

/** How many points the filter matches. */
export async function countHistoryPoints(db: Db, filter: HistoryFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One page of points, oldest first. */
export async function listHistoryPoints(
  db: Db,
  filter: HistoryFilter,
  page: { offset: number; limit: number },
): Promise<HistoryPoint[]> {
  const rows = await filtered(db, filter)
    .select([
      'o.observed_at',
      'o.topic',
      'o.not_found',
      'o.price_min',
      'o.price_avg',
      'o.price_max',
      'o.offers_count',
      'o.buybox_price',
      'o.currency',
    ])
    .orderBy('r.observed_at')
    .orderBy('o.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const number = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    observed_at: row.observed_at,
    topic: row.topic,
    found: row.not_found !== 1,
    price_min: number(row.price_min),
    price_avg: number(row.price_avg),
    price_max: number(row.price_max),
    offers_count: number(row.offers_count),
    buybox_price: number(row.buybox_price),
    currency: row.currency,
  }));
}
