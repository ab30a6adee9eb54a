import type {
  AccountSourcesTable,
  AccountsTable,
  ApiKeysTable,
  LegacyCredentialsTable,
} from '../../accounts/accounts/accounts.table.ts';
import type { AuditLogTable } from '../../accounts/audit/audit.table.ts';
import type { ConversionsTable, SellerNamesTable } from '../../crawl/engine/crawl-state.table.ts';
import type {
  StreamStatesTable,
  WebhookDeliveriesTable,
} from '../../pipeline/deliveries/deliveries.table.ts';
import type { CreditLedgerTable } from '../../accounts/credits/credits.table.ts';
import type {
  RefreshTokensTable,
  SigningKeysTable,
  UsersTable,
} from '../../accounts/identity/identity.table.ts';
import type {
  ObservationReceiptsTable,
  ObservationsTable,
} from '../../pipeline/observations/observations.table.ts';
import type { IdempotencyKeysTable } from '../../pipeline/submissions/submissions.table.ts';
import type { JobValuesTable, JobsTable } from '../../pipeline/work/work.table.ts';
import type { QueueTasksTable } from '../../pipeline/queue/queue.table.ts';
import type { LeasesTable } from '../leases/leases.table.ts';
import type { DriverHealthTable } from '../../crawl/driver-health/driver-health.table.ts';
import type { ChangeBaselinesTable, ValueChangesTable } from '../../pipeline/changes/changes.table.ts';

export interface SettingsTable {
  name: string;
  value: string;
}

/** Every table, as Kysely sees it; each feature owns its table types. */
export interface DatabaseSchema {
  settings: SettingsTable;
  accounts: AccountsTable;
  account_sources: AccountSourcesTable;
  api_keys: ApiKeysTable;
  legacy_credentials: LegacyCredentialsTable;
  credit_ledger: CreditLedgerTable;
  jobs: JobsTable;
  job_values: JobValuesTable;
  idempotency_keys: IdempotencyKeysTable;
  queue_tasks: QueueTasksTable;
  conversions: ConversionsTable;
  seller_names: SellerNamesTable;
  stream_states: StreamStatesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  observations: ObservationsTable;
  observation_receipts: ObservationReceiptsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  audit_log: AuditLogTable;
  leases: LeasesTable;
  driver_health: DriverHealthTable;
  change_baselines: ChangeBaselinesTable;
  value_changes: ValueChangesTable;
}
