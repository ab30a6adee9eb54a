/**
 * The HTTP request of one delivery attempt: where it goes (the job's `callback_url`, re-checked
 * against the address policy), what it carries (spec part 6) and its signature (decisions C3). This
 * is where a delivery gets signed, freshly on every attempt.
 */
import type { Db } from '../../platform/db/database.ts';
import { literalRefusal, type CallbackPolicy } from '../webhooks/webhooks.callback-url.ts';
import { signatureHeaders } from '../webhooks/webhooks.signature.ts';
import { findJob } from '../work/work.repository.ts';
import type { Job } from '../work/work.table.ts';
import { buildDeliveryBody } from './deliveries.payload.ts';
import type { WebhookDelivery } from './deliveries.table.ts';

/** A signed request ready to post. */
export interface SignedRequest {
  url: URL;
  body: string;
  headers: Record<string, string>;
}

/** Why a delivery is not sent: its job is gone, or the request may not be made (never retried). */
export type NotSent = { kind: 'gone' } | { kind: 'refused'; message: string };

/** The job's secret; an interval run made before runs copied it signs with its interval job's. */
async function secretOf(db: Db, job: Job): Promise<string | null> {
  if (job.webhook_secret !== null || job.parent_id === null) return job.webhook_secret;
  return (await findJob(db, job.parent_id))?.webhook_secret ?? null;
}

/**
 * The signed request of `delivery` at `nowMs`, or why it is not sent. The URL is checked again here
 * (its literal address; the connect checks what the name resolves to), since the policy may have
 * changed since submission.
 */
export async function signedRequestOf(
  db: Db,
  policy: CallbackPolicy,
  delivery: WebhookDelivery,
  nowMs: number,
): Promise<SignedRequest | NotSent> {
  const job = await findJob(db, delivery.job_id);
  if (!job || job.callback_url === null) return { kind: 'gone' };
  const url = URL.canParse(job.callback_url) ? new URL(job.callback_url) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    return { kind: 'refused', message: 'callback_url is not an absolute http or https URL' };
  }
  const refusal = literalRefusal(policy, url);
  if (refusal !== undefined) return { kind: 'refused', message: `callback_url not allowed: ${refusal}` };
  const secret = await secretOf(db, job);
  // C3: every delivery is signed; one without a secret to sign with is never sent.
  if (secret === null) return { kind: 'refused', message: 'job has no webhook secret' };
  const body = await buildDeliveryBody(db, job, delivery);
  const timestampSeconds = Math.floor(nowMs / 1000);
  return {
    url,
    body,
    headers: signatureHeaders({ secret, body, deliveryId: delivery.id, timestampSeconds }),
  };
}
