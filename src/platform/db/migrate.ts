import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as core from './migrations/0001_core.ts';
import * as crawlState from './migrations/0002_crawl_state.ts';
import * as streams from './migrations/0003_streams.ts';
import * as observations from './migrations/0004_observations.ts';
import * as intervalRuns from './migrations/0005_interval_runs.ts';
import * as legacyTokenGeneration from './migrations/0006_legacy_token_generation.ts';
import * as identityAccountPlane from './migrations/0007_identity_account_plane.ts';
import * as jobFailureReasons from './migrations/0008_job_failure_reasons.ts';
import * as leases from './migrations/0010_leases.ts';
import * as changeAlerts from './migrations/0013_change_alerts.ts';
import * as answerPending from './migrations/0015_answer_pending.ts';
import * as apiKeyNames from './migrations/0016_api_key_names.ts';
import * as driverHealth from './migrations/0017_driver_health.ts';
import { lookupTable } from '../lib/lookup.ts';

/** Migrations in order; a new one is appended here with the next number. */
const MIGRATIONS: Record<string, Migration> = lookupTable({
  '0001_core': core,
  '0002_crawl_state': crawlState,
  '0003_streams': streams,
  '0004_observations': observations,
  '0005_interval_runs': intervalRuns,
  '0006_legacy_token_generation': legacyTokenGeneration,
  '0007_identity_account_plane': identityAccountPlane,
  '0008_job_failure_reasons': jobFailureReasons,
  '0010_leases': leases,
  '0013_change_alerts': changeAlerts,
  '0015_answer_pending': answerPending,
  '0016_api_key_names': apiKeyNames,
  '0017_driver_health': driverHealth,
});

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Numbers are reserved per feature and may land out of order (0007 before 0006); each migration
  // stands alone, so a database that ran a later number still takes an earlier one that arrives after.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
