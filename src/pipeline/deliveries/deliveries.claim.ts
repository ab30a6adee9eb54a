/**
 * Which due deliveries a sender takes next: no more than its free slots, and no more per receiver
 * (`host:port`) than `hostConcurrency`, so one slow receiver occupies a few slots, never the others'
 * turn. Taken rows are leased (so one delivery is never in flight twice, even across workers).
 */
import type { Db } from '../../platform/db/database.ts';
import { leaseDeliveries, selectDueDeliveries } from './deliveries.repository.ts';
import type { WebhookDelivery } from './deliveries.table.ts';

/** Attempts in flight per receiver `host:port` in this process. */
export class HostSlots {
  private readonly used = new Map<string, number>();

  constructor(private readonly perHost: number) {}

  /** Receivers with no slot left. */
  full(): string[] {
    return [...this.used].filter(([, count]) => count >= this.perHost).map(([host]) => host);
  }

  /** In `due` order, the rows that fit the slots left (counting those chosen before them). */
  fitting<Row extends Pick<WebhookDelivery, 'target_host'>>(due: readonly Row[]): Row[] {
    const chosen = new Map<string, number>();
    return due.filter((row) => {
      const taken = chosen.get(row.target_host) ?? 0;
      if ((this.used.get(row.target_host) ?? 0) + taken >= this.perHost) return false;
      chosen.set(row.target_host, taken + 1);
      return true;
    });
  }

  take(host: string): void {
    this.used.set(host, (this.used.get(host) ?? 0) + 1);
  }

  release(host: string): void {
    const left = (this.used.get(host) ?? 1) - 1;
    if (left <= 0) this.used.delete(host);
    else this.used.set(host, left);
  }
}

/**
 * How long deliveries wait for the submission answer that carries their job's webhook_secret
 * (issue 26 part 6). The answer marks the job answered as soon as it is written; this bound only
 * matters when that never happens (the process stopped between the commit and the answer, or the
 * submitter's connection broke), so that such a job still delivers.
 */
export const ANSWER_WAIT_LIMIT_MS = 60_000;

/** What one claim asks for. */
export interface ClaimRequest {
  /** Slots free in this process. */
  free: number;
  slots: HostSlots;
  nowMs: number;
  /** How long the lease lasts: longer than an attempt can take. */
  leaseMs: number;
  /** Names this claim's lease on the rows. */
  token: string;
}

/** Leases the due deliveries that fit the free slots and the receivers' slots; answers them. */
export async function claimDueDeliveries(db: Db, request: ClaimRequest): Promise<WebhookDelivery[]> {
  const { free, slots, nowMs } = request;
  if (free <= 0) return [];
  const nowIso = new Date(nowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await selectDueDeliveries(trx, {
      nowIso,
      limit: free * 4,
      excludeHosts: slots.full(),
      unansweredSinceIso: new Date(nowMs - ANSWER_WAIT_LIMIT_MS).toISOString(),
    });
    const ids = slots
      .fitting(due)
      .slice(0, free)
      .map((row) => row.id);
    return leaseDeliveries(trx, {
      ids,
      token: request.token,
      nowIso,
      leaseUntilIso: new Date(nowMs + request.leaseMs).toISOString(),
    });
  });
}
