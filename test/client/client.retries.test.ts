import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { NetworkError, PricecrawlClient, RateLimitError, ServerError } from 'pricecrawl/client';
import { findRunningTotals } from '../../src/accounts/credits/credits.repository.ts';
import { injectFetch, type SentRequest } from '../support/client-fetch.ts';
import { startHarness, type Harness } from '../support/harness.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A tiny HTTP server answering request n with `answers[n]` (the last one repeats). */
async function scriptedServer(
  answers: Array<(response: ServerResponse, seen: Seen) => void | Promise<void>>,
) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const answer = answers[Math.min(seen.length, answers.length) - 1];
      void answer?.(response, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (response: ServerResponse) =>
    void response
      .writeHead(status, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(body));

const JOB = {
  _id: '0123456789abcdef01234567',
  status: 'new',
  done: 0,
  all: 1,
};

describe('client retries', () => {
  it('waits Retry-After after a 429 and resends the same submission with the same Idempotency-Key', async () => {
    const server = await scriptedServer([
      json(429, { error: true, message: 'rate limit exceeded' }, { 'retry-after': '2' }),
      json(200, { error: false, job: JOB }),
    ]);
    const sleeps: number[] = [];
    try {
      const client = new PricecrawlClient({
        baseUrl: server.url,
        apiKey: 'svc_live_test',
        sleep: async (ms) => void sleeps.push(ms),
        random: () => 0,
      });
      const answer = await client.jobs.submit({ source: 'source_01', country: 'de', values: ['a'] });
      assert.equal(answer.job._id, JOB._id);
      assert.deepEqual(sleeps, [2000]);
      assert.equal(server.seen.length, 2);
      const [first, second] = server.seen;
      assert.equal(first?.headers['idempotency-key'], second?.headers['idempotency-key']);
      assert.match(String(first?.headers['idempotency-key']), /^[0-9a-f-]{36}$/);
      assert.equal(first?.body, second?.body);
      assert.deepEqual(
        server.seen.map((request) => [request.method, request.url, request.headers['x-api-key']]),
        [
          ['POST', '/job', 'svc_live_test'],
          ['POST', '/job', 'svc_live_test'],
        ],
      );
    } finally {
      await server.close();
    }
  });

  it('backs off exponentially with jitter on 5xx and gives up after maxAttempts with the last error', async () => {
    const server = await scriptedServer([
      json(503, { error: true, message: 'internal error', request_id: 'r-1' }),
    ]);
    const sleeps: number[] = [];
    try {
      const client = new PricecrawlClient({
        baseUrl: server.url,
        apiKey: 'k',
        retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 300 },
        sleep: async (ms) => void sleeps.push(ms),
        random: () => 0.5,
      });
      await assert.rejects(client.jobs.get(JOB._id), (error: unknown) => {
        assert.ok(error instanceof ServerError);
        assert.equal(error.status, 503);
        assert.equal(error.requestId, 'r-1');
        return true;
      });
      assert.equal(server.seen.length, 4);
      // Equal jitter: half the capped exponential delay plus random() of the other half.
      assert.deepEqual(sleeps, [75, 150, 225]);
    } finally {
      await server.close();
    }
  });

  it('does not wait out a Retry-After beyond maxRetryAfterMs, and never retries a 4xx', async () => {
    const server = await scriptedServer([
      json(429, { error: true, message: 'rate limit exceeded' }, { 'retry-after': '3600' }),
      json(404, { error: true, message: 'job not found' }),
    ]);
    const sleeps: number[] = [];
    try {
      const client = new PricecrawlClient({ baseUrl: server.url, sleep: async (ms) => void sleeps.push(ms) });
      await assert.rejects(client.jobs.get(JOB._id), (error: unknown) => {
        assert.ok(error instanceof RateLimitError);
        assert.equal(error.retryAfterMs, 3_600_000);
        assert.equal(error.message, 'rate limit exceeded');
        return true;
      });
      await assert.rejects(client.jobs.get(JOB._id), { status: 404, code: 'not_found' });
      assert.equal(server.seen.length, 2);
      assert.deepEqual(sleeps, []);
    } finally {
      await server.close();
    }
  });

  it('retries a refused connection and reports it as a NetworkError at the end', async () => {
    const server = await scriptedServer([json(200, {})]);
    const url = server.url;
    await server.close();
    let attempts = 0;
    const client = new PricecrawlClient({
      baseUrl: url,
      retry: { maxAttempts: 3 },
      fetch: (input, init) => {
        attempts += 1;
        return fetch(input, init);
      },
      sleep: async () => undefined,
    });
    await assert.rejects(client.jobs.get(JOB._id), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.status, 0);
      assert.match(error.message, /cannot reach .*ECONNREFUSED/);
      return true;
    });
    assert.equal(attempts, 3);
  });
});

describe('client retries of requests that are not idempotent', () => {
  const ISSUED = {
    error: false,
    key: {
      id: 'k2',
      name: 'ci',
      prefix: 'svc_live_ab',
      created_at: '2026-11-24T10:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    },
    api_key: 'svc_live_abcdef',
  };
  const sessionClient = (baseUrl: string, sleeps: number[] = []) =>
    new PricecrawlClient({
      baseUrl,
      sessionToken: 'session-token',
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0,
    });

  it('does not resend a key creation answered 503: one request, a ServerError', async () => {
    const server = await scriptedServer([
      json(503, { error: true, message: 'internal error', request_id: 'r-2' }),
      json(200, ISSUED),
    ]);
    const sleeps: number[] = [];
    try {
      await assert.rejects(sessionClient(server.url, sleeps).account.createApiKey('ci'), (error: unknown) => {
        assert.ok(error instanceof ServerError);
        assert.equal(error.status, 503);
        assert.equal(error.code, 'server_error');
        assert.equal(error.requestId, 'r-2');
        return true;
      });
      assert.deepEqual(
        server.seen.map((request) => [
          request.method,
          request.url,
          request.headers.authorization,
          request.body,
        ]),
        [['POST', '/v1/account/api-keys', 'Bearer session-token', '{"name":"ci"}']],
      );
      assert.deepEqual(sleeps, []);
    } finally {
      await server.close();
    }
  });

  it('does not resend a refresh whose connection broke after sending: one request, a NetworkError', async () => {
    const server = await scriptedServer([(response) => void response.socket?.destroy()]);
    try {
      await assert.rejects(sessionClient(server.url).account.refresh('rt_used_once'), NetworkError);
      assert.equal(server.seen.length, 1);
      assert.deepEqual(JSON.parse(server.seen[0]?.body ?? ''), { refresh_token: 'rt_used_once' });
    } finally {
      await server.close();
    }
  });

  it('resends a key rotation answered 429, which the service did not process', async () => {
    const server = await scriptedServer([
      json(429, { error: true, message: 'rate limit exceeded' }, { 'retry-after': '1' }),
      json(200, ISSUED),
    ]);
    const sleeps: number[] = [];
    try {
      const rotated = await sessionClient(server.url, sleeps).account.rotateApiKey('k1');
      assert.equal(rotated.api_key, ISSUED.api_key);
      assert.deepEqual(sleeps, [1000]);
      assert.deepEqual(
        server.seen.map((request) => [request.method, request.url]),
        [
          ['POST', '/v1/account/api-keys/k1/rotate'],
          ['POST', '/v1/account/api-keys/k1/rotate'],
        ],
      );
    } finally {
      await server.close();
    }
  });

  it('resends a refresh whose connection was refused before sending', async () => {
    const server = await scriptedServer([json(200, {})]);
    await server.close();
    let attempts = 0;
    const client = new PricecrawlClient({
      baseUrl: server.url,
      retry: { maxAttempts: 3 },
      fetch: (input, init) => {
        attempts += 1;
        return fetch(input, init);
      },
      sleep: async () => undefined,
    });
    await assert.rejects(client.account.refresh('rt_x'), /ECONNREFUSED/);
    assert.equal(attempts, 3);
  });

  it('resends a submission answered 503 with the same Idempotency-Key', async () => {
    const server = await scriptedServer([
      json(503, { error: true, message: 'internal error' }),
      json(200, { error: false, job: JOB }),
    ]);
    try {
      const client = new PricecrawlClient({ baseUrl: server.url, apiKey: 'k', sleep: async () => undefined });
      assert.equal(
        (await client.jobs.submit({ source: 'source_01', country: 'de', values: ['a'] })).job._id,
        JOB._id,
      );
      const [first, second] = server.seen;
      assert.deepEqual([first?.method, second?.method], ['POST', 'POST']);
      assert.match(String(first?.headers['idempotency-key']), /^[0-9a-f-]{36}$/);
      assert.equal(first?.headers['idempotency-key'], second?.headers['idempotency-key']);
      assert.equal(server.seen.length, 2);
    } finally {
      await server.close();
    }
  });
});

describe('client retries against the real service', () => {
  let harness: Harness;
  let key: string;
  let accountId: string;
  before(async () => {
    harness = await startHarness({ worker: false });
    ({ key, accountId } = await harness.account({ credits: 10 }));
  });
  after(async () => harness.close());

  it('creates one job and reserves once when the answer to a submit is lost and the client retries', async () => {
    const toService = injectFetch(harness.app);
    let calls = 0;
    const client = new PricecrawlClient({
      baseUrl: 'http://pricecrawl.test',
      apiKey: key,
      sleep: async () => undefined,
      // The first submission reaches the service, but its answer is replaced by a 502 (a proxy
      // timing out); the retry must not create a second job.
      fetch: async (input, init) => {
        calls += 1;
        const answer = await toService(input, init);
        return calls === 1 ? new Response('bad gateway', { status: 502 }) : answer;
      },
    });
    const body = { source: 'source_01', country: 'de', key: 'id', values: ['1', '2'] };
    const { job } = await client.jobs.submit(body);
    assert.equal(calls, 2);
    const jobs = await harness.runtime.deps.db.selectFrom('jobs').select('id').execute();
    assert.deepEqual(
      jobs.map((row) => row.id),
      [job._id],
    );
    const totals = await findRunningTotals(harness.runtime.deps.db, accountId);
    assert.deepEqual({ balance: totals.balance, held: totals.held }, { balance: 8, held: 2 });
  });
});

describe("client retries against the service's rate limit", () => {
  let harness: Harness;
  let key: string;
  before(async () => {
    // One request per second per credential, so the second request in a row meets a real 429.
    harness = await startHarness({
      worker: false,
      env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '1' },
    });
    ({ key } = await harness.account());
  });
  after(async () => harness.close());

  it("waits out the service's own 429 Retry-After and then succeeds", async () => {
    const sent: SentRequest[] = [];
    const statuses: number[] = [];
    const sleeps: number[] = [];
    const toService = injectFetch(harness.app, sent);
    const client = new PricecrawlClient({
      baseUrl: 'http://pricecrawl.test',
      apiKey: key,
      fetch: async (input, init) => {
        const answer = await toService(input, init);
        statuses.push(answer.status);
        return answer;
      },
      sleep: async (ms) => {
        sleeps.push(ms);
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    await assert.rejects(client.jobs.get('0123456789abcdef01234567'), { status: 404 });
    await assert.rejects(client.jobs.get('0123456789abcdef01234567'), { status: 404 });
    assert.ok(statuses.includes(429), `a 429 was met: ${statuses.join(',')}`);
    assert.equal(statuses.at(-1), 404);
    const retried = sent[statuses.indexOf(429) + 1];
    assert.deepEqual([retried?.method, retried?.url], ['GET', '/job/0123456789abcdef01234567']);
    assert.ok(
      sleeps.length >= 1 && sleeps.every((ms) => ms >= 1000),
      `waited Retry-After: ${sleeps.join(',')}`,
    );
  });
});
