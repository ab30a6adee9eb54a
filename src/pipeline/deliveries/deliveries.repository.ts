import { sql } from 'kysely';
import { dialectOf, type Db } from '../../platform/db/database.ts';
import type {
  DeliveryStatus,
  StreamState,
  StreamStatesTable,
  WebhookDeliveriesTable,
  WebhookDelivery,
} from './deliveries.table.ts';

export async function insertDelivery(db: Db, row: WebhookDeliveriesTable): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

export async function findDelivery(db: Db, deliveryId: string): Promise<WebhookDelivery | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
}

export async function findDeliveryByBatch(
  db: Db,
  jobId: string,
  batchSequence: number,
): Promise<WebhookDelivery | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('batch_sequence', '=', batchSequence)
    .executeTakeFirst();
}

/** Deliveries of a job per status (every status present, zero when none). */
export async function countDeliveriesByStatus(
  db: Db,
  jobId: string,
): Promise<Record<DeliveryStatus, number>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', sql<number>`count(*)`.as('count')])
    .where('job_id', '=', jobId)
    .groupBy('status')
    .execute();
  const counts: Record<DeliveryStatus, number> = { pending: 0, delivered: 0, failed: 0, dead_lettered: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** A page of a job's deliveries in `batch_sequence` order, optionally of one status. */
export async function listDeliveries(
  db: Db,
  input: { jobId: string; offset: number; limit: number; status?: DeliveryStatus },
): Promise<WebhookDelivery[]> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('job_id', '=', input.jobId);
  if (input.status !== undefined) query = query.where('status', '=', input.status);
  return query.orderBy('batch_sequence').offset(input.offset).limit(input.limit).execute();
}

/**
 * Due, unleased deliveries (oldest due first), row-locked with SKIP LOCKED on PostgreSQL so
 * concurrent workers never pick the same one; hosts in `excludeHosts` are at their bound already.
 */
export async function selectDueDeliveries(
  db: Db,
  input: {
    nowIso: string;
    limit: number;
    excludeHosts: readonly string[];
    /** Deliveries of a job created after this whose submission answer is still pending wait. */
    unansweredSinceIso: string;
  },
): Promise<Array<Pick<WebhookDelivery, 'id' | 'target_host'>>> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'target_host'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', input.nowIso)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', input.nowIso)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('jobs.id')
            .whereRef('jobs.id', '=', 'webhook_deliveries.job_id')
            .where('jobs.answer_pending', '=', 1)
            .where('jobs.created_at', '>', input.unansweredSinceIso),
        ),
      ),
    )
    .orderBy('next_attempt_at')
    .limit(input.limit);
  if (input.excludeHosts.length > 0) query = query.where('target_host', 'not in', [...input.excludeHosts]);
  if (dialectOf(db) === 'postgres') query = query.forUpdate().skipLocked();
  return query.execute();
}

/** Records that the answer carrying a job's webhook_secret was written: its deliveries may go. */
export async function markJobAnswered(db: Db, jobId: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ answer_pending: 0 })
    .where('id', '=', jobId)
    .where('answer_pending', '=', 1)
    .execute();
}

/** Leases deliveries to `token` until `leaseUntilIso`; answers the leased rows as they now are. */
export async function leaseDeliveries(
  db: Db,
  input: { ids: readonly string[]; token: string; nowIso: string; leaseUntilIso: string },
): Promise<WebhookDelivery[]> {
  if (input.ids.length === 0) return [];
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_token: input.token, lease_until: input.leaseUntilIso })
    .where('id', 'in', [...input.ids])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', input.nowIso)]))
    .returningAll()
    .execute();
}

/** What one attempt changed; `status` and `attempts` only apply when no replay intervened. */
export interface AttemptRecord {
  status: DeliveryStatus;
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string | null;
  attemptedAtIso: string;
  nextAttemptAtIso: string | null;
  deliveredAtIso: string | null;
}

/**
 * Records an attempt and releases the lease. When a replay bumped the generation meanwhile, only
 * the attempt's facts are kept and the replay's fresh budget stands. Answers whether the state moved.
 */
export async function recordAttempt(
  db: Db,
  lease: { id: string; token: string; generation: number },
  record: AttemptRecord,
): Promise<boolean> {
  const facts = {
    last_http_status: record.lastHttpStatus,
    last_error: record.lastError,
    last_attempt_at: record.attemptedAtIso,
    lease_token: null,
    lease_until: null,
  };
  const moved = await db
    .updateTable('webhook_deliveries')
    .set({
      ...facts,
      status: record.status,
      attempts: record.attempts,
      next_attempt_at: record.nextAttemptAtIso,
      delivered_at: record.deliveredAtIso,
    })
    .where('id', '=', lease.id)
    .where('lease_token', '=', lease.token)
    .where('generation', '=', lease.generation)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return true;
  await db
    .updateTable('webhook_deliveries')
    .set(facts)
    .where('id', '=', lease.id)
    .where('lease_token', '=', lease.token)
    .execute();
  return false;
}

/** Gives a lease back without spending an attempt (shutdown, or a fault of ours). */
export async function releaseLease(db: Db, deliveryId: string, token: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_token: null, lease_until: null })
    .where('id', '=', deliveryId)
    .where('lease_token', '=', token)
    .execute();
}

/** Releases every lease: the embedded sole worker restarts after a crash without waiting them out. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_token: null, lease_until: null })
    .where('lease_token', 'is not', null)
    .execute();
}

const REPLAYED = (nowIso: string) =>
  ({
    status: 'pending',
    attempts: 0,
    next_attempt_at: nowIso,
    delivered_at: null,
  }) as const;

/** Puts one delivery back to `pending` with a fresh budget, due now (decisions G8). */
export async function replayDelivery(db: Db, deliveryId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ ...REPLAYED(nowIso), generation: eb('generation', '+', 1) }))
    .where('id', '=', deliveryId)
    .execute();
}

/** Puts every dead-lettered delivery of a job back to `pending`; answers how many (spec 4.10). */
export async function replayDeadLetters(db: Db, jobId: string, nowIso: string): Promise<number> {
  const outcome = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ ...REPLAYED(nowIso), generation: eb('generation', '+', 1) }))
    .where('job_id', '=', jobId)
    .where('status', '=', 'dead_lettered')
    .executeTakeFirst();
  return Number(outcome.numUpdatedRows);
}

/**
 * A job's assembly state, row-locked on PostgreSQL until the transaction ends (a SQLite transaction
 * holds the file's write lock from its start), so the assembly and the flush never close the same
 * results twice.
 */
export async function lockStreamState(db: Db, jobId: string): Promise<StreamState | undefined> {
  let query = db.selectFrom('stream_states').selectAll().where('job_id', '=', jobId);
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findStreamState(db: Db, jobId: string): Promise<StreamState | undefined> {
  return db.selectFrom('stream_states').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export async function insertStreamState(db: Db, state: StreamStatesTable): Promise<void> {
  await db.insertInto('stream_states').values(state).execute();
}

export async function updateStreamState(db: Db, state: StreamStatesTable): Promise<void> {
  const { job_id: jobId, ...changes } = state;
  await db.updateTable('stream_states').set(changes).where('job_id', '=', jobId).execute();
}

/** Jobs whose oldest undelivered result completed at or before `openedBeforeIso`. */
export async function listStaleOpenJobIds(db: Db, openedBeforeIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stream_states')
    .select('job_id')
    .where('open_since', '<=', openedBeforeIso)
    .where('finalized', '=', 0)
    .orderBy('open_since')
    .limit(limit)
    .execute();
  return rows.map((row) => row.job_id);
}
