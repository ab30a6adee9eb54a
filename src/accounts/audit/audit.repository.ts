import type { Db } from '../../platform/db/database.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type { AuditEntry } from './audit.table.ts';

/** Who made a change: `user:<email>`, `operator` (CLI) or `system` (first start). */
export type AuditActor = string;

/** Records one change; call it in the transaction of the change itself. */
export async function insertAuditEntry(
  db: Db,
  entry: { accountId: string; actor: AuditActor; action: string; target?: string; details?: object },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newObjectId(),
      account_id: entry.accountId,
      at: isoNow(),
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
    })
    .execute();
}

/** An account's audit entries newest first, strictly after `before` (the previous page's last). */
export async function listAuditEntries(
  db: Db,
  accountId: string,
  page: { limit: number; before?: { at: string; id: string } },
): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().where('account_id', '=', accountId);
  const before = page.before;
  if (before !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}
