import { createApiKey } from '../../accounts/provisioning/provisioning.service.ts';
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { insertAuditEntry } from '../../accounts/audit/audit.repository.ts';
import type { DashboardSession } from '../../accounts/identity/identity.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, invalid } from '../../platform/errors/app-error.ts';
import { findAccountApiKey, listApiKeys, revokeApiKey } from './account-plane.repository.ts';
import { actorOf } from './account-plane.service.ts';

/** The account plane's API keys (decisions G18, G31): list, create, rotate, revoke, each audited. */

type KeyRow = NonNullable<Awaited<ReturnType<typeof findAccountApiKey>>>;

function presentKey(row: KeyRow) {
  return {
    id: row.id,
    name: row.label ?? '',
    prefix: row.key_prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}

/** `GET /v1/account/api-keys`: the account's keys, revoked ones included, without secrets. */
export async function readApiKeys(db: Db, account: Account) {
  return { error: false as const, keys: (await listApiKeys(db, account.id)).map(presentKey) };
}

async function requireKey(db: Db, account: Account, keyId: string): Promise<KeyRow> {
  const key = await findAccountApiKey(db, account.id, keyId);
  if (!key) throw new AppError('not_found', 'api key not found');
  return key;
}

/** Creates a key; the raw key is in this answer only (spec part 5, G18). */
export async function createAccountKey(db: Db, session: DashboardSession, name: string) {
  return db.transaction().execute(async (trx) => {
    const created = await createApiKey(trx, session.account, name, 'refuse');
    await insertAuditEntry(trx, {
      accountId: session.account.id,
      actor: actorOf(session),
      action: 'api_key.create',
      target: created.id,
      details: { name: name.trim(), prefix: created.prefix },
    });
    return {
      error: false as const,
      key: presentKey(await requireKey(trx, session.account, created.id)),
      api_key: created.key,
    };
  });
}

/** Replaces a key by a new one of the same name; the old key is revoked in the same transaction. */
export async function rotateAccountKey(db: Db, session: DashboardSession, keyId: string) {
  return db.transaction().execute(async (trx) => {
    const old = await requireKey(trx, session.account, keyId);
    if (old.revoked_at !== null) throw invalid('api key is revoked: create a new one');
    await revokeApiKey(trx, old.id);
    const created = await createApiKey(trx, session.account, old.label);
    await insertAuditEntry(trx, {
      accountId: session.account.id,
      actor: actorOf(session),
      action: 'api_key.rotate',
      target: old.id,
      details: { replaced_by: created.id, prefix: created.prefix },
    });
    return {
      error: false as const,
      key: presentKey(await requireKey(trx, session.account, created.id)),
      api_key: created.key,
    };
  });
}

/** Revokes a key (idempotent: a revoked key keeps its first `revoked_at`). */
export async function revokeAccountKey(db: Db, session: DashboardSession, keyId: string) {
  return db.transaction().execute(async (trx) => {
    const key = await requireKey(trx, session.account, keyId);
    if (key.revoked_at === null) {
      await revokeApiKey(trx, key.id);
      await insertAuditEntry(trx, {
        accountId: session.account.id,
        actor: actorOf(session),
        action: 'api_key.revoke',
        target: key.id,
      });
    }
    return { error: false as const, key: presentKey(await requireKey(trx, session.account, key.id)) };
  });
}
