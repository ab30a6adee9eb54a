/**
 * Receiver-side verification of webhook deliveries (spec part 6, decisions C3), for customers'
 * endpoints; the client SDK re-exports it. Self-contained on purpose: it imports nothing from the
 * service.
 *
 * ```ts
 * const check = verifyWebhook({ secret, rawBody, headers: request.headers });
 * if (!check.ok) return reply.code(401).send(check.reason);
 * ```
 * Always verify the raw body bytes as received, before parsing the JSON.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A signature scheme of spec part 6. */
export type WebhookScheme = 'timestamped' | 'plain';

/** What `verifyWebhook` needs. */
export interface VerifyWebhookInput {
  /** The job's `webhook_secret` exactly as returned by `POST /stream` (64 hex characters). */
  secret: string;
  /** The request body exactly as received. */
  rawBody: string | Uint8Array;
  /** Request headers (Node's `IncomingHttpHeaders`, a plain object or a Fetch `Headers`). */
  headers: Record<string, string | string[] | undefined> | Headers;
  /** Schemes accepted, default both. Accept only `timestamped` to be safe against replays. */
  schemes?: readonly WebhookScheme[];
  /** Maximum age (and clock skew) of the timestamp in seconds; default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Current Unix time in seconds; default the system clock. */
  nowSeconds?: number;
}

/** The verdict; on success the delivery id to de-duplicate on. */
export type VerifyWebhookResult =
  | { ok: true; scheme: WebhookScheme; deliveryId: string | undefined; timestampSeconds?: number }
  | { ok: false; reason: string };

function header(headers: VerifyWebhookInput['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const value =
    record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1] ?? undefined;
  return Array.isArray(value) ? value[0] : value;
}

function hmac(secret: string, parts: ReadonlyArray<string | Uint8Array>): Buffer {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** Constant-time match of any `prefix=<hex>` entry of a header against the expected digest. */
function matches(headerValue: string, prefix: string, expected: Buffer): boolean {
  let found = false;
  for (const entry of headerValue.split(',')) {
    const [name, hex = ''] = entry.trim().split('=', 2);
    if (name !== prefix || !/^[0-9a-f]{64}$/i.test(hex)) continue;
    // Every candidate is compared (no early exit) so timing says nothing about which one matched.
    if (timingSafeEqual(Buffer.from(hex, 'hex'), expected)) found = true;
  }
  return found;
}

/**
 * Verifies a delivery. The timestamped scheme is checked when its headers are present (a bad
 * timestamped signature is never rescued by the plain one); otherwise the plain scheme, if accepted.
 */
export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  const schemes = input.schemes ?? ['timestamped', 'plain'];
  const deliveryId = header(input.headers, 'x-service-delivery-id');
  const signature = header(input.headers, 'x-service-signature');
  const timestamp = header(input.headers, 'x-service-timestamp');
  if (signature !== undefined || timestamp !== undefined) {
    if (!schemes.includes('timestamped')) return { ok: false, reason: 'timestamped scheme not accepted' };
    if (signature === undefined || timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) {
      return { ok: false, reason: 'missing or malformed X-Service-Signature / X-Service-Timestamp' };
    }
    const nowSeconds = input.nowSeconds ?? Math.floor(Date.now() / 1000);
    const toleranceSeconds = input.toleranceSeconds ?? 300;
    const timestampSeconds = Number(timestamp);
    if (Math.abs(nowSeconds - timestampSeconds) > toleranceSeconds) {
      return { ok: false, reason: 'timestamp outside the tolerance' };
    }
    const expected = hmac(input.secret, [`${timestamp}.`, input.rawBody]);
    return matches(signature, 'v1', expected)
      ? { ok: true, scheme: 'timestamped', deliveryId, timestampSeconds }
      : { ok: false, reason: 'signature mismatch' };
  }
  const plain = header(input.headers, 'x-signature');
  if (plain === undefined) return { ok: false, reason: 'no signature header' };
  if (!schemes.includes('plain')) return { ok: false, reason: 'plain scheme not accepted' };
  return matches(plain, 'sha256', hmac(input.secret, [input.rawBody]))
    ? { ok: true, scheme: 'plain', deliveryId }
    : { ok: false, reason: 'signature mismatch' };
}
