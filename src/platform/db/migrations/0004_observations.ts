import { sql, type Kysely } from 'kysely';

// Observations (every crawl result, the cache and the price history) and the running totals of the
// credit ledger. Prices are `double precision` (REAL affinity in SQLite, float8 in PostgreSQL).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('observations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cache_key', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('max_pages', 'integer', (c) => c.notNull())
    .addColumn('sort_by', 'text', (c) => c.notNull())
    .addColumn('fetch_seller_names', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('value_index', 'integer', (c) => c.notNull())
    .addColumn('observed_at', 'text', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('not_found', 'integer', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('price_min', 'double precision')
    .addColumn('price_avg', 'double precision')
    .addColumn('price_max', 'double precision')
    .addColumn('offers_count', 'integer')
    .addColumn('buybox_price', 'double precision')
    .addColumn('currency', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('observations_cache')
    .on('observations')
    .columns(['cache_key', 'observed_at'])
    .execute();
  await db.schema
    .createIndex('observations_value')
    .on('observations')
    .columns(['value_key', 'observed_at'])
    .execute();
  await db.schema.createIndex('observations_observed').on('observations').column('observed_at').execute();

  await db.schema
    .createTable('observation_receipts')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('observation_id', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('observed_at', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('value_index', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('observation_receipts_pk', ['account_id', 'observation_id'])
    .execute();
  await db.schema
    .createIndex('observation_receipts_history')
    .on('observation_receipts')
    .columns(['account_id', 'value_key', 'observed_at'])
    .execute();
  await db.schema
    .createIndex('observation_receipts_observation')
    .on('observation_receipts')
    .column('observation_id')
    .execute();

  await addLedgerRunningTotals(db);
}

/**
 * Each ledger entry carries the account's running totals after it (sequence, balance, credits held,
 * credits spent in the entry's calendar month), so credit decisions read one row instead of summing
 * the whole ledger; `verifyAccountLedger` recomputes them from the amounts.
 */
async function addLedgerRunningTotals(db: Kysely<unknown>): Promise<void> {
  for (const column of ['seq', 'balance_after', 'held_after', 'month_spent_after']) {
    await db.schema.alterTable('credit_ledger').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('credit_ledger').addColumn('month', 'text').execute();
  await backfillRunningTotals(db);
  await db.schema
    .createIndex('credit_ledger_account_seq')
    .on('credit_ledger')
    .columns(['account_id', 'seq'])
    .unique()
    .execute();
}

interface LedgerRow {
  id: string;
  account_id: string;
  kind: string;
  amount: number;
  created_at: string;
}

async function backfillRunningTotals(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<LedgerRow>`
    select id, account_id, kind, amount, created_at from credit_ledger order by account_id, created_at, id
  `.execute(db);
  let account = '';
  let totals = { seq: 0, balance: 0, held: 0, month: '', monthSpent: 0 };
  for (const row of rows) {
    if (row.account_id !== account) {
      account = row.account_id;
      totals = { seq: 0, balance: 0, held: 0, month: '', monthSpent: 0 };
    }
    const amount = Number(row.amount);
    const month = row.created_at.slice(0, 7);
    totals = {
      seq: totals.seq + 1,
      balance: totals.balance + amount,
      held: totals.held - (row.kind === 'reserve' || row.kind === 'release' ? amount : 0),
      month,
      monthSpent:
        (totals.month === month ? totals.monthSpent : 0) -
        (row.kind === 'charge' || row.kind === 'overage' ? amount : 0),
    };
    await sql`
      update credit_ledger set seq = ${totals.seq}, balance_after = ${totals.balance},
        held_after = ${totals.held}, month = ${month}, month_spent_after = ${totals.monthSpent}
      where id = ${row.id}
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('credit_ledger_account_seq').ifExists().execute();
  for (const column of ['seq', 'balance_after', 'held_after', 'month', 'month_spent_after']) {
    await db.schema.alterTable('credit_ledger').dropColumn(column).execute();
  }
  await db.schema.dropTable('observation_receipts').ifExists().execute();
  await db.schema.dropTable('observations').ifExists().execute();
}
