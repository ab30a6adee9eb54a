import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETRY, parseRetryAfter, retryDelayMs } from './client.http.ts';

describe('client retry timing', () => {
  it('reads Retry-After as delta-seconds or an HTTP date, and ignores anything else', () => {
    const nowMs = Date.parse('2026-03-01T10:00:00Z');
    assert.equal(parseRetryAfter('7', nowMs), 7000);
    assert.equal(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', nowMs), 30_000);
    assert.equal(parseRetryAfter('Sun, 01 Mar 2026 09:59:00 GMT', nowMs), 0);
    assert.equal(parseRetryAfter('soon', nowMs), undefined);
    assert.equal(parseRetryAfter(null, nowMs), undefined);
  });

  it('doubles the backoff per attempt up to the cap, jittered in its upper half, never below Retry-After', () => {
    const retry = { ...DEFAULT_RETRY, baseDelayMs: 500, maxDelayMs: 1500 };
    assert.deepEqual(
      [1, 2, 3, 4].map((attempt) => retryDelayMs(retry, attempt, () => 0)),
      [250, 500, 750, 750],
    );
    assert.equal(
      retryDelayMs(retry, 1, () => 0.999999),
      500,
    );
    assert.equal(
      retryDelayMs(retry, 1, () => 0.5, 4000),
      4000,
    );
    assert.equal(
      retryDelayMs(retry, 3, () => 0.5, 100),
      1125,
    );
  });
});
