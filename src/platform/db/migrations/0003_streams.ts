import type { Kysely } from 'kysely';

// Stream delivery assembly state and webhook deliveries (issue 5). Same portable column choices as
// 0001: text ids and ISO-8601 UTC timestamps, 0/1 integers for booleans.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stream_states')
    .addColumn('job_id', 'text', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('completed_seq', 'integer', (c) => c.notNull())
    .addColumn('values_errors', 'integer', (c) => c.notNull())
    .addColumn('batched_through_seq', 'integer', (c) => c.notNull())
    .addColumn('next_batch_sequence', 'integer', (c) => c.notNull())
    .addColumn('open_since', 'text')
    .addColumn('finalized', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('stream_states_open').on('stream_states').column('open_since').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('batch_sequence', 'integer', (c) => c.notNull())
    .addColumn('first_seq', 'integer', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('is_final', 'integer', (c) => c.notNull())
    .addColumn('values_done', 'integer', (c) => c.notNull())
    .addColumn('values_errors', 'integer', (c) => c.notNull())
    .addColumn('target_host', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_http_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'text')
    .addUniqueConstraint('webhook_deliveries_sequence', ['job_id', 'batch_sequence'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('stream_states').ifExists().execute();
}
