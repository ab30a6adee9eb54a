/**
 * Idempotency-Key handling of both submission routes, `POST /job` and `POST /stream` (decisions
 * G26): the header, the request fingerprint, and whether a key already answered a job.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import type { Db } from '../../platform/db/database.ts';
import { AppError, invalid } from '../../platform/errors/app-error.ts';
import { deleteIdempotencyKey, findIdempotencyKey, insertIdempotencyKey } from './submissions.repository.ts';

/** How long a key answers the same job again. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/** An Idempotency-Key and the fingerprint of the request that came with it. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Reads the optional `Idempotency-Key` header. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) {
    throw invalid('Idempotency-Key header must be 1 to 255 characters');
  }
  return value;
}

/**
 * Fingerprint of a submission: the route and the body with object keys sorted, so the same request
 * written with its fields in another order is the same request.
 */
export function requestFingerprint(kind: 'batch' | 'stream', body: unknown): string {
  return createHash('sha256')
    .update(`${kind}\n${stringify(body)}`)
    .digest('hex');
}

/** The claim of a request, or undefined without an Idempotency-Key. */
export function claimOf(
  headers: Record<string, unknown>,
  kind: 'batch' | 'stream',
  body: unknown,
): IdempotencyClaim | undefined {
  const key = idempotencyKeyOf(headers);
  return key === undefined ? undefined : { key, fingerprint: requestFingerprint(kind, body) };
}

/**
 * The job an earlier use of the key answered, within the window; `idempotency_mismatch` when the
 * key came with another request. Undefined when the key is free.
 */
export async function findAnsweredJob(
  db: Db,
  accountId: string,
  claim: IdempotencyClaim,
  nowMs: number = Date.now(),
): Promise<string | undefined> {
  const previous = await findIdempotencyKey(db, accountId, claim.key);
  if (!previous || nowMs - new Date(previous.created_at).getTime() >= IDEMPOTENCY_WINDOW_MS) return undefined;
  if (previous.request_hash !== claim.fingerprint) throw new AppError('idempotency_mismatch');
  return previous.job_id;
}

/** Records, inside the submission transaction, that the key answers `jobId`. */
export async function recordClaim(trx: Db, accountId: string, claim: IdempotencyClaim, jobId: string) {
  await deleteIdempotencyKey(trx, accountId, claim.key);
  await insertIdempotencyKey(trx, {
    account_id: accountId,
    key: claim.key,
    request_hash: claim.fingerprint,
    job_id: jobId,
    response: JSON.stringify({ job_id: jobId }),
  });
}
