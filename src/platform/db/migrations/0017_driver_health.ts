import type { Kysely } from 'kysely';

// Driver health with evidence (issue 20): pages read, fell back, blocked and failed per minute.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('driver_health')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('minute', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('pages', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('driver_health_pk', ['source', 'country', 'minute', 'outcome', 'reason'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('driver_health').execute();
}
