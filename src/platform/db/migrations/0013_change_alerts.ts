import type { Kysely } from 'kysely';

// Change alerts (decisions G40): an interval job's `deliver` choice, each value's figures as its
// previous run left them (the baseline a run compares with), and which results of a run are changes
// (with the figures they replaced), written in the transaction that records the result.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('deliver', 'text', (c) => c.notNull().defaultTo('all'))
    .execute();
  await db.schema
    .createTable('change_baselines')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('price_min', 'double precision')
    .addColumn('price_max', 'double precision')
    .addColumn('price_avg', 'double precision')
    .addColumn('availability', 'text')
    .addColumn('buybox_price', 'double precision')
    .addColumn('offers_count', 'integer')
    .addColumn('observed_at', 'text')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_baselines_pk', ['job_id', 'value'])
    .execute();
  await db.schema
    .createTable('value_changes')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('previous', 'text')
    .addPrimaryKeyConstraint('value_changes_pk', ['job_id', 'idx'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('value_changes').execute();
  await db.schema.dropTable('change_baselines').execute();
  await db.schema.alterTable('jobs').dropColumn('deliver').execute();
}
