import type { Db } from '../../platform/db/database.ts';
import { writeInChunks } from '../../platform/lib/chunks.ts';
import type { Observation, ObservationReceiptsTable, ObservationsTable } from './observations.table.ts';

/** Writes observations, a multi-row insert per `CHUNK_ROWS` (a group commit's crawled values). */
export async function insertObservations(db: Db, rows: readonly ObservationsTable[]): Promise<void> {
  await writeInChunks(rows, (chunk) => db.insertInto('observations').values(chunk).execute(), {
    pause: async () => undefined,
  });
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
 * `findFreshObservation` for several cache keys in one query (a crawl task's chunk): per key that
 * has one, the newest completed lookup observed at or after `sinceIso`.
 */
export async function findFreshObservations(
  db: Db,
  cacheKeys: readonly string[],
  sinceIso: string,
): Promise<Map<string, Observation>> {
  const newest = new Map<string, Observation>();
  if (cacheKeys.length === 0) return newest;
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('observations')
        .selectAll()
        .select((inner) =>
          inner.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('cache_key').orderBy('observed_at', 'desc'))
            .as('newness'),
        )
        .where('cache_key', 'in', [...new Set(cacheKeys)])
        .where('observed_at', '>=', sinceIso)
        .where('success', '=', 1)
        .as('ranked'),
    )
    .selectAll()
    .where('newness', '=', 1)
    .execute();
  for (const { newness: _newness, ...observation } of rows) newest.set(observation.cache_key, observation);
  return newest;
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
export async function insertReceipts(db: Db, receipts: readonly ObservationReceiptsTable[]): Promise<void> {
  await writeInChunks(
    receipts,
    (chunk) =>
      db
        .insertInto('observation_receipts')
        .values(chunk)
        .onConflict((c) => c.columns(['account_id', 'observation_id']).doNothing())
        .execute(),
    { pause: async () => undefined },
  );
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
