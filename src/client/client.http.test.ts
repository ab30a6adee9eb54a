import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETRY, retryDelayMs } from './client.http.ts';

describe('client retry backoff', () => {
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
