import type { Kysely } from 'kysely';

// Why a job ended `failed` (its work could not go on) and why an interval job's latest period did
// not start (credits, subscription): both shown on `GET /job/{id}` (issue 8 part 2, defects 2 and 8).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('failure_reason', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('last_run_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('last_run_error').execute();
  await db.schema.alterTable('jobs').dropColumn('failure_reason').execute();
}
