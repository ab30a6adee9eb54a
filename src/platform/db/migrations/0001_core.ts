import type { Kysely } from 'kysely';

// Portable column choices for SQLite and PostgreSQL alike: text ids, ISO-8601 UTC text timestamps
// (they sort as time), 0/1 integers for booleans, JSON as text.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('cache_reuse', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('overage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('budget_cap', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_sources')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_sources_pk', ['account_id', 'source', 'country'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('legacy_credentials')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('value_index', 'integer')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_account')
    .on('credit_ledger')
    .columns(['account_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('credit_ledger_job')
    .on('credit_ledger')
    .columns(['job_id', 'value_index'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('max_pages', 'integer', (c) => c.notNull())
    .addColumn('max_age', 'integer', (c) => c.notNull())
    .addColumn('sort_by', 'text', (c) => c.notNull())
    .addColumn('timeout_minutes', 'integer', (c) => c.notNull())
    .addColumn('not_found_max_age', 'integer', (c) => c.notNull())
    .addColumn('include_meta', 'integer', (c) => c.notNull())
    .addColumn('fetch_seller_names', 'integer', (c) => c.notNull())
    .addColumn('callback_url', 'text')
    .addColumn('client_ref', 'text')
    .addColumn('delivery_batch_size', 'integer')
    .addColumn('webhook_secret', 'text')
    .addColumn('interval_minutes', 'integer')
    .addColumn('next_run_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('values_total', 'integer', (c) => c.notNull())
    .addColumn('values_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('values_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('results_purged', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('jobs_account').on('jobs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'deadline_at']).execute();

  await db.schema
    .createTable('job_values')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('success', 'integer')
    .addColumn('reason', 'text')
    .addColumn('result', 'text')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_seq', 'integer')
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('job_values_pk', ['job_id', 'idx'])
    .execute();
  await db.schema
    .createIndex('job_values_completion')
    .on('job_values')
    .columns(['job_id', 'completion_seq'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();

  await db.schema
    .createTable('queue_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('queue_tasks_due').on('queue_tasks').columns(['run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'queue_tasks',
    'idempotency_keys',
    'job_values',
    'jobs',
    'credit_ledger',
    'legacy_credentials',
    'api_keys',
    'account_sources',
    'accounts',
    'settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
