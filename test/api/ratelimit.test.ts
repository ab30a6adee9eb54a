import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

describe('rate limits (G14)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { RATE_LIMIT_PER_SECOND: '0.5', RATE_LIMIT_BURST: '3' },
    });
  });
  after(async () => harness.close());

  it('answers 429 with Retry-After and RateLimit headers once a credential spends its burst', async () => {
    const { headers } = await harness.account();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await harness.app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [404, 404, 404, 429]);
    assert.deepEqual(last?.json(), { error: true, message: 'rate limit exceeded' });
    assert.equal(last?.headers['retry-after'], '2');
    assert.equal(last?.headers['ratelimit-limit'], '3');
    assert.equal(last?.headers['ratelimit-remaining'], '0');
  });

  it('keeps separate buckets per credential and leaves /health alone', async () => {
    const other = await harness.account();
    const response = await harness.app.inject({
      method: 'GET',
      url: '/job/0123456789abcdef01234567',
      headers: other.headers,
    });
    assert.equal(response.statusCode, 404);
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await harness.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    }
  });
});
