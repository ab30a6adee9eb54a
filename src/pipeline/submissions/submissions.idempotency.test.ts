import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claimOf, idempotencyKeyOf, requestFingerprint } from './submissions.idempotency.ts';

describe('idempotency of submissions (decisions G26)', () => {
  it('fingerprints the same request alike whatever the order of its fields', () => {
    const body = { source: 'source_01', country: 'de', key: 'gtin', values: ['1', '2'], include_meta: true };
    const reordered = {
      include_meta: true,
      values: ['1', '2'],
      key: 'gtin',
      country: 'de',
      source: 'source_01',
    };
    assert.equal(requestFingerprint('batch', reordered), requestFingerprint('batch', body));
  });

  it('fingerprints different values, value order or route differently', () => {
    const body = { source: 'source_01', country: 'de', values: ['1', '2'] };
    const fingerprint = requestFingerprint('batch', body);
    assert.notEqual(requestFingerprint('batch', { ...body, values: ['2', '1'] }), fingerprint);
    assert.notEqual(requestFingerprint('batch', { ...body, country: 'fr' }), fingerprint);
    assert.notEqual(requestFingerprint('stream', body), fingerprint);
  });

  it('reads the Idempotency-Key header and refuses an empty or overlong one', () => {
    assert.equal(idempotencyKeyOf({}), undefined);
    assert.equal(idempotencyKeyOf({ 'idempotency-key': 'k-1' }), 'k-1');
    assert.throws(() => idempotencyKeyOf({ 'idempotency-key': '' }), /1 to 255 characters/);
    assert.throws(() => idempotencyKeyOf({ 'idempotency-key': 'x'.repeat(256) }), /1 to 255 characters/);
    assert.equal(claimOf({}, 'batch', {}), undefined);
    assert.equal(claimOf({ 'idempotency-key': 'k' }, 'stream', {})?.key, 'k');
  });
});
