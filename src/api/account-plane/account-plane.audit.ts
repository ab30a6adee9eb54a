import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { listAuditEntries } from '../../accounts/audit/audit.repository.ts';
import type { Db } from '../../platform/db/database.ts';
import { decodeCursor, encodeCursor } from '../http/http.paging.ts';
import { isTimeAndId } from './account-plane.service.ts';

/** `GET /v1/account/audit`: changes to keys, users and spending, newest first. */
export async function readAuditPage(db: Db, account: Account, query: { limit: number; cursor?: string }) {
  const before = decodeCursor(query.cursor, isTimeAndId);
  const rows = await listAuditEntries(db, account.id, {
    limit: query.limit,
    before: before && { at: before[0], id: before[1] },
  });
  const last = rows.at(-1);
  return {
    error: false as const,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      action: row.action,
      target: row.target,
      details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
    })),
    next_cursor: rows.length === query.limit && last ? encodeCursor([last.at, last.id]) : null,
  };
}
