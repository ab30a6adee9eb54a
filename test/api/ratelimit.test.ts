import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

/**
 * One token per 1 000 s, so a loaded machine that takes seconds over four requests refills no
 * whole token between them (at 0.5/s a 2 s stretch let the fourth through).
 */
const SLOW_REFILL_PER_SECOND = '0.001';

describe('rate limits (G14)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { RATE_LIMIT_PER_SECOND: SLOW_REFILL_PER_SECOND, RATE_LIMIT_BURST: '3' },
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
    // A token every 1 000 s: the wait is 1 000 s less what the (possibly slow) requests refilled.
    const retryAfter = Number(last?.headers['retry-after']);
    assert.ok(retryAfter >= 990 && retryAfter <= 1000, `retry-after ${String(last?.headers['retry-after'])}`);
    assert.equal(last?.headers['ratelimit-limit'], '3');
    assert.equal(last?.headers['ratelimit-remaining'], '0');
  });

  it('keeps separate buckets per account and leaves /health alone', async () => {
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

describe('rate limits by account after authentication (issue 8 part 2, defect 9)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { RATE_LIMIT_PER_SECOND: SLOW_REFILL_PER_SECOND, RATE_LIMIT_BURST: '3' },
    });
  });
  after(async () => harness.close());

  it('spends one bucket however the same key is presented', async () => {
    const { key } = await harness.account();
    const spellings = [
      { 'x-api-key': key },
      { authorization: `Bearer ${key}` },
      { authorization: `bearer   ${key}` },
    ];
    const statuses: number[] = [];
    for (const headers of [...spellings, { authorization: `BEARER ${key}` }]) {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/job/0123456789abcdef01234567',
        headers,
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [404, 404, 404, 429]);
  });
});

describe('failed authentications per client address (issue 8 part 2, defects 9 and 10)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { AUTH_FAILURE_BURST: '3', AUTH_FAILURES_PER_MINUTE: '1' },
    });
  });
  after(async () => harness.close());

  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const statusFrom = async (remoteAddress: string, headers: Record<string, string>) =>
    harness.app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers, remoteAddress });

  it('answers 429 with Retry-After to the failure after the allowance, from that address only', async () => {
    const { key } = await harness.account();
    const statuses: number[] = [];
    for (const user of ['nobody-1', 'nobody-2', 'nobody-3', 'nobody-4']) {
      statuses.push((await statusFrom('198.51.100.7', { authorization: basic(user, 'guess') })).statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    const refused = await statusFrom('198.51.100.7', { 'x-api-key': `svc_live_${'B'.repeat(48)}` });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: true, message: 'rate limit exceeded' });
    // One failure a minute, refilled continuously: the wait is at most a minute, less the time the
    // earlier failures took (a loaded machine may take seconds for them).
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter > 30 && retryAfter <= 60, `retry-after ${String(refused.headers['retry-after'])}`);
    assert.equal((await statusFrom('198.51.100.8', { 'x-api-key': key })).statusCode, 404);
    assert.equal((await statusFrom('198.51.100.8', { authorization: basic('nobody', 'x') })).statusCode, 401);
  });
});

describe('concurrent failed authentications from one address', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { AUTH_FAILURE_BURST: '3', AUTH_FAILURES_PER_MINUTE: '1' },
    });
  });
  after(async () => harness.close());

  it('verifies at most the allowance at once; successes do not spend it', async () => {
    const { key } = await harness.account();
    const from = (remoteAddress: string, headers: Record<string, string>) =>
      harness.app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers, remoteAddress });
    for (let i = 0; i < 5; i += 1)
      assert.equal((await from('192.0.2.9', { 'x-api-key': key })).statusCode, 404);
    const guess = { authorization: `Basic ${Buffer.from('nobody:guess').toString('base64')}` };
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => from('192.0.2.9', guess)))).map(
      (response) => response.statusCode,
    );
    assert.deepEqual(
      statuses.sort((a, b) => a - b),
      [401, 401, 401, 429, 429, 429, 429, 429],
    );
  });
});

describe('client address behind a load balancer (TRUST_PROXY)', () => {
  for (const [trustProxy, expected] of [
    ['false', 429],
    ['true', 401],
  ] as const) {
    it(`with TRUST_PROXY=${trustProxy} a second forwarded client gets ${expected}`, async () => {
      const harness = await startHarness({
        worker: false,
        env: { AUTH_FAILURE_BURST: '1', AUTH_FAILURES_PER_MINUTE: '1', TRUST_PROXY: trustProxy },
      });
      try {
        const from = (client: string) =>
          harness.app.inject({
            method: 'GET',
            url: '/job/0123456789abcdef01234567',
            headers: { 'x-api-key': 'wrong', 'x-forwarded-for': client },
            remoteAddress: '10.0.0.2',
          });
        assert.equal((await from('203.0.113.1')).statusCode, 401);
        assert.equal((await from('203.0.113.2')).statusCode, expected);
      } finally {
        await harness.close();
      }
    });
  }
});
