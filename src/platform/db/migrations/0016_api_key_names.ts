import { sql, type Kysely } from 'kysely';

// Issue 26: every API key has a name, unique among the account's active keys, so the dashboard
// never shows two identical "Revoke bootstrap" buttons. Keys without a name are named after their
// prefix; a second active key of the same name becomes "name (2)", a third "name (3)", oldest first.

interface KeyRow {
  id: string;
  account_id: string;
  label: string | null;
  key_prefix: string;
  revoked_at: string | null;
  created_at: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const keys = db as unknown as Kysely<{ api_keys: KeyRow }>;
  const rows = await keys
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'label', 'key_prefix', 'revoked_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  const renames: [string, string][] = [];
  for (const row of rows) {
    const base = row.label === null || row.label.trim() === '' ? `key ${row.key_prefix}` : row.label;
    let name = base;
    if (row.revoked_at === null) {
      for (let n = 2; taken.has(`${row.account_id}\n${name}`); n += 1) name = `${base} (${n})`;
      taken.add(`${row.account_id}\n${name}`);
    }
    if (name !== row.label) renames.push([row.id, name]);
  }
  for (const [id, label] of renames) {
    await keys.updateTable('api_keys').set({ label }).where('id', '=', id).execute();
  }
  await db.schema
    .createIndex('api_keys_active_name')
    .on('api_keys')
    .columns(['account_id', 'label'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_keys_active_name').execute();
}
