import type { Kysely } from 'kysely';

// Legacy service JWTs carry the generation of the account's legacy credentials; regenerating them
// bumps it, so every earlier token stops verifying (issue 8 part 2, defect 11). Tokens issued before
// this migration carry none and count as generation 0 until the first regeneration.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('legacy_credentials')
    .addColumn('jwt_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('legacy_credentials').dropColumn('jwt_generation').execute();
}
