import type { Db } from '../db/database.ts';

/** What one acquisition asks for. */
export interface LeaseRequest {
  /** The schedule the lease guards, e.g. `retention-cleaner`. */
  name: string;
  /** Who asks: unique per process. */
  owner: string;
  /** How long the lease lasts from `now`. */
  ttlMs: number;
  now?: Date;
}

/**
 * Takes the lease `name` when nobody holds it or its holder's time ran out, in one atomic upsert
 * (`INSERT … ON CONFLICT DO UPDATE … WHERE expires_at <= now`, the same on SQLite and PostgreSQL):
 * of processes racing for it, exactly one gets a row back. A holder does not renew early, so a
 * lease as long as the schedule's period lets the work run once per period across the cluster.
 * Answers whether `owner` now holds it.
 */
export async function tryAcquireLease(db: Db, request: LeaseRequest): Promise<boolean> {
  const nowMs = (request.now ?? new Date()).getTime();
  const nowIso = new Date(nowMs).toISOString();
  const expiresAt = new Date(nowMs + request.ttlMs).toISOString();
  const taken = await db
    .insertInto('leases')
    .values({ name: request.name, owner: request.owner, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner: request.owner, expires_at: expiresAt })
        .where('leases.expires_at', '<=', nowIso),
    )
    .returning('owner')
    .executeTakeFirst();
  return taken?.owner === request.owner;
}

/** Gives the lease back early (shutdown), only when `owner` still holds it. */
export async function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('owner', '=', owner).execute();
}
