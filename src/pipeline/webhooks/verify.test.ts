import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyWebhook } from './verify.ts';
import { newWebhookSecret, signatureHeaders } from './webhooks.signature.ts';

const secret = newWebhookSecret();
const body = JSON.stringify({ job_id: 'abc', batch_sequence: 1, results: [{ key: 'term:ü', index: 0 }] });
const now = 1_800_000_000;
const signed = (overrides: Partial<Parameters<typeof signatureHeaders>[0]> = {}) =>
  signatureHeaders({ secret, body, deliveryId: 'd1', timestampSeconds: now, ...overrides });

describe('verifyWebhook (receiver helper)', () => {
  it('makes a 64-hex secret and uses its hex text as the HMAC key (C3)', () => {
    assert.match(secret, /^[0-9a-f]{64}$/);
    const headers = signed();
    assert.match(headers['x-service-signature'] ?? '', /^v1=[0-9a-f]{64}$/);
    assert.match(headers['x-signature'] ?? '', /^sha256=[0-9a-f]{64}$/);
    // Keyed with the 32 raw bytes instead, the signature would differ: the receiver must use the string.
    const rawKeyed = verifyWebhook({
      secret: Buffer.from(secret, 'hex').toString('latin1'),
      rawBody: body,
      headers,
      nowSeconds: now,
    });
    assert.equal(rawKeyed.ok, false);
  });

  it('accepts the timestamped scheme from the raw body, as string or bytes, and names the delivery', () => {
    for (const rawBody of [body, Buffer.from(body, 'utf8')]) {
      const result = verifyWebhook({ secret, rawBody, headers: signed(), nowSeconds: now + 299 });
      assert.deepEqual(result, { ok: true, scheme: 'timestamped', deliveryId: 'd1', timestampSeconds: now });
    }
  });

  it('reads Fetch Headers and mixed-case header names', () => {
    const upper = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toUpperCase(), v]));
    assert.equal(verifyWebhook({ secret, rawBody: body, headers: upper, nowSeconds: now }).ok, true);
    const fetchHeaders = new Headers(signed());
    assert.equal(verifyWebhook({ secret, rawBody: body, headers: fetchHeaders, nowSeconds: now }).ok, true);
  });

  it('rejects a timestamp older (or further ahead) than 5 minutes', () => {
    const old = verifyWebhook({ secret, rawBody: body, headers: signed(), nowSeconds: now + 301 });
    assert.deepEqual(old, { ok: false, reason: 'timestamp outside the tolerance' });
    const ahead = verifyWebhook({ secret, rawBody: body, headers: signed(), nowSeconds: now - 301 });
    assert.equal(ahead.ok, false);
    const custom = verifyWebhook({
      secret,
      rawBody: body,
      headers: signed(),
      nowSeconds: now + 500,
      toleranceSeconds: 600,
    });
    assert.equal(custom.ok, true);
  });

  it('rejects a changed body, a wrong secret, a replayed signature under a new timestamp', () => {
    const headers = signed();
    assert.equal(verifyWebhook({ secret, rawBody: `${body} `, headers, nowSeconds: now }).ok, false);
    assert.equal(
      verifyWebhook({ secret: newWebhookSecret(), rawBody: body, headers, nowSeconds: now }).ok,
      false,
    );
    const moved = { ...headers, 'x-service-timestamp': String(now + 10) };
    assert.deepEqual(verifyWebhook({ secret, rawBody: body, headers: moved, nowSeconds: now }), {
      ok: false,
      reason: 'signature mismatch',
    });
  });

  it('never rescues a bad timestamped signature with the plain one', () => {
    const headers = { ...signed(), 'x-service-signature': `v1=${'0'.repeat(64)}` };
    assert.equal(verifyWebhook({ secret, rawBody: body, headers, nowSeconds: now }).ok, false);
  });

  it('accepts the plain scheme alone unless the receiver asks for timestamps only', () => {
    const headers = { 'x-signature': signed()['x-signature'] ?? '', 'x-service-delivery-id': 'd1' };
    assert.deepEqual(verifyWebhook({ secret, rawBody: body, headers }), {
      ok: true,
      scheme: 'plain',
      deliveryId: 'd1',
    });
    const strict = verifyWebhook({ secret, rawBody: body, headers, schemes: ['timestamped'] });
    assert.deepEqual(strict, { ok: false, reason: 'plain scheme not accepted' });
    assert.equal(verifyWebhook({ secret, rawBody: 'other', headers }).ok, false);
  });

  it('rejects missing and malformed headers with a reason', () => {
    assert.deepEqual(verifyWebhook({ secret, rawBody: body, headers: {} }), {
      ok: false,
      reason: 'no signature header',
    });
    const noTimestamp = { 'x-service-signature': signed()['x-service-signature'] };
    assert.equal(verifyWebhook({ secret, rawBody: body, headers: noTimestamp }).ok, false);
    const badHex = { ...signed(), 'x-service-signature': 'v1=zz' };
    assert.equal(verifyWebhook({ secret, rawBody: body, headers: badHex, nowSeconds: now }).ok, false);
    const badTs = { ...signed(), 'x-service-timestamp': '12abc' };
    assert.equal(verifyWebhook({ secret, rawBody: body, headers: badTs, nowSeconds: now }).ok, false);
  });

  it('accepts a header listing several signatures when one matches (secret rotation)', () => {
    const good = signed()['x-service-signature'] ?? '';
    const headers = { ...signed(), 'x-service-signature': `v1=${'a'.repeat(64)}, ${good}` };
    assert.equal(verifyWebhook({ secret, rawBody: body, headers, nowSeconds: now }).ok, true);
  });
});
