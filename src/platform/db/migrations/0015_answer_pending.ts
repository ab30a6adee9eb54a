import type { Kysely } from 'kysely';

// A job whose submission answer (with its webhook_secret) has not been written yet: its deliveries
// wait for that answer (issue 26 part 6). Existing jobs were answered long ago: 0.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('answer_pending', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('answer_pending').execute();
}
