import type { Kysely } from 'kysely';

// State the crawl keeps across jobs: GTIN conversions and learnt marketplace seller names.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversions')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('gtin', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversions_pk', ['source', 'country', 'gtin'])
    .execute();

  await db.schema
    .createTable('seller_names')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seller_names_pk', ['source', 'seller_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seller_names').ifExists().execute();
  await db.schema.dropTable('conversions').ifExists().execute();
}
