/**
 * Signing of webhook deliveries (spec part 6, decisions C3): every attempt carries both schemes,
 * keyed with the job's `webhook_secret` exactly as it was returned (its 64 hex characters are the
 * HMAC key, not the 32 bytes they encode), and a fresh timestamp.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Header names of both schemes, lowercase as Node presents them to receivers. */
export const SIGNATURE_HEADERS = {
  signature: 'x-service-signature',
  timestamp: 'x-service-timestamp',
  deliveryId: 'x-service-delivery-id',
  plainSignature: 'x-signature',
} as const;

/** A new webhook secret: 32 random bytes as 64 lowercase hex characters (spec 2.7). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Hex HMAC-SHA256 of `message` keyed with the secret string. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The signature headers of one attempt; `timestampSeconds` is the signing time in Unix seconds. */
export function signatureHeaders(input: {
  secret: string;
  body: string;
  deliveryId: string;
  timestampSeconds: number;
}): Record<string, string> {
  const timestamp = String(input.timestampSeconds);
  return {
    [SIGNATURE_HEADERS.signature]: `v1=${hmacHex(input.secret, `${timestamp}.${input.body}`)}`,
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.deliveryId]: input.deliveryId,
    [SIGNATURE_HEADERS.plainSignature]: `sha256=${hmacHex(input.secret, input.body)}`,
  };
}
