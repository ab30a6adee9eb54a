import type { Db } from '../db/database.ts';
import type { Observation, ObservationReceiptsTable, ObservationsTable } from './observations.table.ts';

export async function insertObservation(db: Db, row: ObservationsTable): Promise<void> {
  await db.insertInto('observations').values(row).execute();
}

/** The newest completed lookup (found or not found) under a cache key observed at or after `sinceIso`. */
export async function findFreshObservation(
  db: Db,
  cacheKey: string,
  sinceIso: string,
): Promise<Observation | undefined> {
  return db
    .selectFrom('observations')
    .selectAll()
    .where('cache_key', '=', cacheKey)
    .where('observed_at', '>=', sinceIso)
    .where('success', '=', 1)
    .orderBy('observed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The newest completed lookup of a value under a topic, whatever its pages or sort order: the
 * not-found cache honours a not-found only while no later lookup found the product.
 */
export async function findLatestLookup(
  db: Db,
  valueKey: string,
  topic: string,
): Promise<Observation | undefined> {
  return db
    .selectFrom('observations')
    .selectAll()
    .where('value_key', '=', valueKey)
    .where('topic', '=', topic)
    .where('success', '=', 1)
    .orderBy('observed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Notes that an account received an observation; a second receipt of the same one changes nothing. */
export async function insertReceipt(db: Db, receipt: ObservationReceiptsTable): Promise<void> {
  await db
    .insertInto('observation_receipts')
    .values(receipt)
    .onConflict((c) => c.columns(['account_id', 'observation_id']).doNothing())
    .execute();
}

/**
 * Deletes observations observed before `beforeIso` with their receipts, `batchSize` at a time so
 * no transaction grows large. Answers how many observations went.
 */
export async function deleteObservationsBefore(
  db: Db,
  beforeIso: string,
  batchSize: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('observations')
        .select('id')
        .where('observed_at', '<', beforeIso)
        .limit(batchSize)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return deleted;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('observation_receipts').where('observation_id', 'in', ids).execute();
      await trx.deleteFrom('observations').where('id', 'in', ids).execute();
    });
    deleted += ids.length;
    if (ids.length < batchSize) return deleted;
  }
}
