import type { Selectable } from 'kysely';

/** One change to an account's keys, users or spending settings: who did what, when. */
export interface AuditLogTable {
  id: string;
  account_id: string;
  at: string;
  /** `user:<email>` for a dashboard user, `operator` for the CLI, `system` for the first start. */
  actor: string;
  /** e.g. `api_key.create`, `api_key.rotate`, `api_key.revoke`, `spending.update`, `user.create`. */
  action: string;
  /** The id or address the change was about. */
  target: string | null;
  /** JSON of the change's parameters (never a secret). */
  details: string | null;
}

export type AuditEntry = Selectable<AuditLogTable>;
