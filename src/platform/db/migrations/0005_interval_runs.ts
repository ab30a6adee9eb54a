import type { Kysely } from 'kysely';

// Interval jobs (decisions G5): each period's run is a job of its own pointing at its interval job.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('parent_id', 'text').execute();
  await db.schema.createIndex('jobs_parent').on('jobs').columns(['parent_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_parent').execute();
  await db.schema.alterTable('jobs').dropColumn('parent_id').execute();
}
