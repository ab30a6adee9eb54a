import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RETRY_AFTER_MS, deliveryRetryAfterMs, retryDelayAfterMs } from './webhooks.schedule.ts';
import { decideAfterAttempt, type AttemptAnswer } from './webhooks.sender.ts';

const response = (status: number, extra: Partial<Extract<AttemptAnswer, { kind: 'response' }>> = {}) =>
  ({ kind: 'response', status, retryAfter: undefined, location: undefined, excerpt: '', ...extra }) as const;
const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('webhook retry schedule (spec part 6)', () => {
  it('waits 30 s, 2 min, 10 min, 30 min after attempts 1 to 4, then gives up', () => {
    const middle = () => 0.5;
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((attempt) => retryDelayAfterMs(attempt, middle)),
      [30_000, 120_000, 600_000, 1_800_000, undefined],
    );
  });

  it('jitters each delay by at most ±20%', () => {
    assert.equal(
      retryDelayAfterMs(1, () => 0),
      24_000,
    );
    assert.equal(
      retryDelayAfterMs(1, () => 0.999999),
      36_000,
    );
    assert.equal(
      retryDelayAfterMs(4, () => 0),
      1_440_000,
    );
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayAfterMs(2) ?? 0;
      assert.ok(delay >= 96_000 && delay <= 144_000, String(delay));
    }
  });

  it('reads Retry-After as seconds or an HTTP date, capped, ignoring garbage', () => {
    assert.equal(deliveryRetryAfterMs('120', NOW), 120_000);
    assert.equal(deliveryRetryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW), 90_000);
    assert.equal(deliveryRetryAfterMs(new Date(NOW - 90_000).toUTCString(), NOW), 0);
    assert.equal(deliveryRetryAfterMs('99999999', NOW), MAX_RETRY_AFTER_MS);
    assert.equal(deliveryRetryAfterMs('soon', NOW), undefined);
    assert.equal(deliveryRetryAfterMs(undefined, NOW), undefined);
  });
});

describe('what an attempt leads to (spec 3.2)', () => {
  const middle = () => 0.5;

  it('2xx is delivered', () => {
    for (const status of [200, 201, 202, 204, 299]) {
      assert.equal(decideAfterAttempt(response(status), 1, NOW, middle).status, 'delivered');
    }
  });

  it('4xx other than 429 fails permanently, at any attempt', () => {
    for (const status of [400, 401, 404, 408, 410, 413, 422]) {
      const decision = decideAfterAttempt(response(status, { excerpt: 'nope\n' }), 2, NOW, middle);
      assert.deepEqual(decision, {
        status: 'failed',
        nextAttemptAtMs: null,
        lastHttpStatus: status,
        lastError: `HTTP ${status}: nope`,
      });
    }
  });

  it('3xx, 5xx, 429 and network errors are retried on the schedule', () => {
    const answers: AttemptAnswer[] = [
      response(301, { location: 'https://elsewhere.example/' }),
      response(302),
      response(500),
      response(502),
      response(429),
      { kind: 'error', message: 'ECONNRESET socket hang up', refused: false },
    ];
    for (const answer of answers) {
      const decision = decideAfterAttempt(answer, 1, NOW, middle);
      assert.equal(decision.status, 'pending');
      assert.equal(decision.nextAttemptAtMs, NOW + 30_000);
    }
    assert.match(
      decideAfterAttempt(answers[0] as AttemptAnswer, 1, NOW).lastError ?? '',
      /redirect to https:\/\/elsewhere.example\/ not followed/,
    );
  });

  it('dead-letters after the fifth failed attempt', () => {
    assert.equal(decideAfterAttempt(response(500), 4, NOW, middle).status, 'pending');
    assert.equal(decideAfterAttempt(response(500), 5, NOW, middle).status, 'dead_lettered');
    assert.equal(decideAfterAttempt(response(500), 5, NOW, middle).nextAttemptAtMs, null);
  });

  it('honours Retry-After on 429 and 503 as a lower bound only', () => {
    const later = decideAfterAttempt(response(429, { retryAfter: '600' }), 1, NOW, middle);
    assert.equal(later.nextAttemptAtMs, NOW + 600_000);
    const sooner = decideAfterAttempt(response(503, { retryAfter: '5' }), 2, NOW, middle);
    assert.equal(sooner.nextAttemptAtMs, NOW + 120_000);
    const ignoredOn500 = decideAfterAttempt(response(500, { retryAfter: '600' }), 1, NOW, middle);
    assert.equal(ignoredOn500.nextAttemptAtMs, NOW + 30_000);
  });

  it('an address refused at connect time fails without retry', () => {
    const refused = { kind: 'error', message: 'callback_url not allowed: x', refused: true } as const;
    assert.equal(decideAfterAttempt(refused, 1, NOW).status, 'failed');
  });
});
