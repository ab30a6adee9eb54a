import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AuthenticationError,
  PricecrawlClient,
  type AccountApi,
  type SessionTokens,
} from 'pricecrawl/client';
import { injectFetch, type SentRequest } from '../support/client-fetch.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { signInNewUser, type SignedInUser } from '../support/sessions.ts';

const BASE_URL = 'http://pricecrawl.test:8080';

describe('client: the account plane against the real service', () => {
  let harness: Harness;
  let user: SignedInUser;
  let anonymous: PricecrawlClient;
  let tokens: SessionTokens;
  let account: AccountApi;
  let productIds: string[];
  const sent: SentRequest[] = [];

  /** The requests sent since the last call, emptying the record. */
  const takeSent = () => sent.splice(0, sent.length);

  /** Asserts one request exactly: method, path with query, credentials and JSON body. */
  function assertRequest(
    request: SentRequest | undefined,
    expected: { method: string; url: string; session?: string; apiKey?: string; body?: unknown },
  ) {
    assert.ok(request, `a request to ${expected.url} was sent`);
    assert.equal(request.method, expected.method);
    assert.equal(request.url, expected.url);
    assert.equal(request.headers.authorization, expected.session && `Bearer ${expected.session}`);
    assert.equal(request.headers['x-api-key'], expected.apiKey);
    assert.equal(request.headers.accept, 'application/json');
    if (expected.body === undefined) {
      assert.equal(request.body, undefined);
      assert.equal(request.headers['content-type'], undefined);
    } else {
      assert.equal(request.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(request.body ?? ''), expected.body);
    }
  }

  const dataClient = (apiKey: string) =>
    new PricecrawlClient({
      baseUrl: BASE_URL,
      apiKey,
      fetch: injectFetch(harness.app, sent),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    });

  before(async () => {
    harness = await startHarness();
    const { accountId } = await harness.account({ credits: 100 });
    user = await signInNewUser(harness, accountId);
    const truth = await fetchTruth(harness, 'source_01', 'de');
    productIds = truth.products.slice(0, 2).map((product) => String(product.id));
    anonymous = new PricecrawlClient({ baseUrl: BASE_URL, fetch: injectFetch(harness.app, sent) });
  });
  after(async () => harness.close());

  it('logs in with email and password and sends the session token, never an API key', async () => {
    takeSent();
    tokens = await anonymous.account.login({ email: user.email, password: user.password });
    assertRequest(takeSent()[0], {
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: user.email, password: user.password },
    });
    assert.equal(tokens.error, false);
    assert.equal(tokens.token_type, 'Bearer');
    assert.equal(tokens.expires_in, 900);
    assert.match(tokens.refresh_token, /^rt_/);
    account = anonymous.withSession(tokens.token).account;

    assert.deepEqual(await account.credits(), {
      error: false,
      balance: 100,
      reserved: 0,
      available: 100,
      spent_this_month: 0,
      overage: false,
      budget_cap: null,
    });
    assert.deepEqual(await account.plan(), {
      error: false,
      plan: 'self-serve',
      sources: 'all',
      cache_reuse: false,
    });
    const [creditsRequest, planRequest] = takeSent();
    assertRequest(creditsRequest, { method: 'GET', url: '/v1/account/credits', session: tokens.token });
    assertRequest(planRequest, { method: 'GET', url: '/v1/account/plan', session: tokens.token });
  });

  it('creates a key whose raw value works on the data plane, then rotates and revokes it', async () => {
    takeSent();
    const created = await account.createApiKey('ci');
    assertRequest(takeSent()[0], {
      method: 'POST',
      url: '/v1/account/api-keys',
      session: tokens.token,
      body: { name: 'ci' },
    });
    assert.match(created.api_key, /^svc_live_/);
    assert.equal(created.key.name, 'ci');
    assert.equal(created.key.revoked_at, null);
    assert.ok(created.api_key.startsWith(created.key.prefix), 'the prefix is the start of the raw key');
    assert.ok(!JSON.stringify(await account.listApiKeys()).includes(created.api_key), 'never listed raw');
    assert.ok((await account.listApiKeys()).some((key) => key.id === created.key.id));
    takeSent();

    const data = dataClient(created.api_key);
    const { job } = await data.jobs.submit({
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: productIds,
    });
    const submitRequest = takeSent()[0];
    assert.equal(submitRequest?.headers['x-api-key'], created.api_key);
    assert.equal(submitRequest?.headers.authorization, undefined);
    assert.equal((await data.jobs.wait(job._id)).status, 'finished');
    takeSent();

    const rotated = await account.rotateApiKey(created.key.id);
    assertRequest(takeSent()[0], {
      method: 'POST',
      url: `/v1/account/api-keys/${created.key.id}/rotate`,
      session: tokens.token,
    });
    assert.notEqual(rotated.api_key, created.api_key);
    assert.notEqual(rotated.key.id, created.key.id);
    assert.equal(rotated.key.name, 'ci');
    await assert.rejects(data.jobs.get(job._id), (error: unknown) => {
      assert.ok(error instanceof AuthenticationError);
      assert.equal(error.status, 401);
      return true;
    });
    const rotatedData = dataClient(rotated.api_key);
    assert.equal((await rotatedData.jobs.get(job._id))._id, job._id);
    takeSent();

    const revoked = await account.revokeApiKey(rotated.key.id);
    assertRequest(takeSent()[0], {
      method: 'DELETE',
      url: `/v1/account/api-keys/${rotated.key.id}`,
      session: tokens.token,
    });
    assert.equal(revoked.id, rotated.key.id);
    assert.ok(revoked.revoked_at, 'revoked_at is set');
    await assert.rejects(rotatedData.jobs.get(job._id), { status: 401, code: 'unauthorized' });

    takeSent();
    const audit = await account.audit({ limit: 10 });
    assertRequest(takeSent()[0], { method: 'GET', url: '/v1/account/audit?limit=10', session: tokens.token });
    const entries = audit.entries as Array<{ actor: string; action: string; target: string | null }>;
    assert.deepEqual(
      entries
        .filter((entry) => entry.action.startsWith('api_key.'))
        .map((entry) => [entry.actor, entry.action, entry.target]),
      [
        [`user:${user.email}`, 'api_key.revoke', rotated.key.id],
        [`user:${user.email}`, 'api_key.rotate', created.key.id],
        [`user:${user.email}`, 'api_key.create', created.key.id],
      ],
    );
    assert.equal(audit.next_cursor, null);
  });

  it("reads the job's charge in credits, the billing ledger, spending per day and the jobs list", async () => {
    takeSent();
    const credits = await account.credits();
    assert.equal(credits.balance + credits.spent_this_month, 100);
    assert.ok(credits.spent_this_month > 0, 'the finished job was charged');
    assert.equal(credits.reserved, 0);
    assertRequest(takeSent()[0], { method: 'GET', url: '/v1/account/credits', session: tokens.token });

    const first = await account.billing({ limit: 2 });
    assertRequest(takeSent()[0], {
      method: 'GET',
      url: '/v1/account/billing?limit=2',
      session: tokens.token,
    });
    assert.equal(first.entries[0]?.balance_after, credits.balance, 'the newest entry carries the balance');
    const entries = [...first.entries];
    for (let cursor = first.next_cursor; cursor !== null;) {
      const page = await account.billing({ limit: 2, cursor });
      assertRequest(takeSent()[0], {
        method: 'GET',
        url: `/v1/account/billing?limit=2&cursor=${encodeURIComponent(cursor)}`,
        session: tokens.token,
      });
      entries.push(...page.entries);
      cursor = page.next_cursor;
    }
    assert.ok(entries.length > 2, 'the ledger spans pages');
    assert.deepEqual(entries.at(-1)?.kind, 'grant', 'the oldest entry is the grant');
    assert.equal(entries.at(-1)?.balance_after, 100);

    const days = await account.billingByDay();
    assertRequest(takeSent()[0], {
      method: 'GET',
      url: '/v1/account/billing?group=day',
      session: tokens.token,
    });
    assert.equal(days.error, false);
    // A run of days ending today: only today saw spending, the job's charge.
    assert.deepEqual(days.days.at(-1), {
      date: new Date().toISOString().slice(0, 10),
      spent: credits.spent_this_month,
    });
    assert.ok(days.days.slice(0, -1).every((day) => day.spent === 0));

    const jobs = await account.jobs({ kind: 'batch', limit: 10 });
    assertRequest(takeSent()[0], {
      method: 'GET',
      url: '/v1/account/jobs?kind=batch&limit=10',
      session: tokens.token,
    });
    const listed = jobs.jobs as Array<{ kind: string; status: string; values_total: number }>;
    assert.deepEqual(
      listed.map((job) => [job.kind, job.status, job.values_total]),
      [['batch', 'finished', productIds.length]],
    );
    assert.equal(jobs.next_cursor, null);
  });

  it('refreshes the session, then logs out: the refresh token is refused with a typed 401, sent once', async () => {
    takeSent();
    const renewed = await anonymous.account.refresh(tokens.refresh_token);
    assertRequest(takeSent()[0], {
      method: 'POST',
      url: '/v1/auth/refresh',
      body: { refresh_token: tokens.refresh_token },
    });
    assert.notEqual(renewed.refresh_token, tokens.refresh_token);
    const renewedAccount = anonymous.withSession(renewed.token).account;
    assert.equal((await renewedAccount.plan()).plan, 'self-serve');
    assertRequest(takeSent()[0], { method: 'GET', url: '/v1/account/plan', session: renewed.token });

    assert.deepEqual(await anonymous.account.logout(renewed.refresh_token), { error: false });
    assertRequest(takeSent()[0], {
      method: 'POST',
      url: '/v1/auth/logout',
      body: { refresh_token: renewed.refresh_token },
    });

    await assert.rejects(anonymous.account.refresh(renewed.refresh_token), (error: unknown) => {
      assert.ok(error instanceof AuthenticationError);
      assert.equal(error.status, 401);
      assert.equal(error.code, 'unauthorized');
      return true;
    });
    assert.equal(takeSent().length, 1, 'a 401 is not retried');
    await assert.rejects(renewedAccount.credits(), { status: 401, code: 'unauthorized' });
  });
});
