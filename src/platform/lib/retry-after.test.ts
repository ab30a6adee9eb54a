import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRetryAfterMs } from './retry-after.ts';

describe('parseRetryAfterMs', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const nowMs = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(parseRetryAfterMs('120', nowMs), 120_000);
    assert.equal(parseRetryAfterMs(' 0 ', nowMs), 0);
    assert.equal(parseRetryAfterMs('Wed, 01 Jan 2025 00:00:30 GMT', nowMs), 30_000);
    assert.equal(parseRetryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', nowMs), 0, 'a past date means now');
    for (const bad of [undefined, '', '-5', '1.5', 'soon'])
      assert.equal(parseRetryAfterMs(bad, nowMs), undefined);
  });
});
