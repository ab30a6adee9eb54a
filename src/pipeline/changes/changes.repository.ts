/** Storage of change alerts (decisions G40): baselines per interval job and value, changes per run. */
import type { Db } from '../../platform/db/database.ts';
import type { ChangeBaselinesTable, ChangeBaseline, ValueChangesTable } from './changes.table.ts';

/** The baselines of these values of interval job `jobId`, by value. */
export async function findBaselines(
  db: Db,
  jobId: string,
  values: readonly string[],
): Promise<Map<string, ChangeBaseline>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .selectFrom('change_baselines')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('value', 'in', [...values])
    .execute();
  return new Map(rows.map((row) => [row.value, row]));
}

/** Writes baselines, replacing a value's earlier one. */
export async function upsertBaselines(db: Db, rows: readonly ChangeBaselinesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('change_baselines')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['job_id', 'value']).doUpdateSet((eb) => ({
        price_min: eb.ref('excluded.price_min'),
        price_max: eb.ref('excluded.price_max'),
        price_avg: eb.ref('excluded.price_avg'),
        availability: eb.ref('excluded.availability'),
        buybox_price: eb.ref('excluded.buybox_price'),
        offers_count: eb.ref('excluded.offers_count'),
        observed_at: eb.ref('excluded.observed_at'),
        run_id: eb.ref('excluded.run_id'),
      })),
    )
    .execute();
}

/** Forgets every baseline of an interval job: its next run delivers everything again. */
export async function deleteBaselines(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('change_baselines').where('job_id', '=', jobId).execute();
}

/** Marks results of a run as changes its delivery carries. */
export async function insertValueChanges(db: Db, rows: readonly ValueChangesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('value_changes')
    .values([...rows])
    .execute();
}

/** The changes among these values of run `jobId`: index → `previous` JSON (or null). */
export async function findValueChanges(
  db: Db,
  jobId: string,
  indexes: readonly number[],
): Promise<Map<number, string | null>> {
  if (indexes.length === 0) return new Map();
  const rows = await db
    .selectFrom('value_changes')
    .select(['idx', 'previous'])
    .where('job_id', '=', jobId)
    .where('idx', 'in', [...indexes])
    .execute();
  return new Map(rows.map((row) => [row.idx, row.previous]));
}
