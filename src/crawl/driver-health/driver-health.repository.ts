import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { DriverHealthTable } from './driver-health.table.ts';

/** Adds counted pages to their rows, creating rows that do not exist yet (every process may write). */
export async function addDriverHealthCounts(db: Db, rows: readonly DriverHealthTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('driver_health')
    .values([...rows])
    .onConflict((conflict) =>
      conflict
        .columns(['source', 'country', 'minute', 'outcome', 'reason'])
        .doUpdateSet({ pages: sql<number>`driver_health.pages + excluded.pages` }),
    )
    .execute();
}

/** Rows of the minutes from `sinceMinute` on, for the health report. */
export async function listDriverHealthSince(db: Db, sinceMinute: number): Promise<DriverHealthTable[]> {
  return db.selectFrom('driver_health').selectAll().where('minute', '>=', sinceMinute).execute();
}

/** Forgets minutes before `beforeMinute` (the report covers the last hour; a day is kept). */
export async function deleteDriverHealthBefore(db: Db, beforeMinute: number): Promise<void> {
  await db.deleteFrom('driver_health').where('minute', '<', beforeMinute).execute();
}
