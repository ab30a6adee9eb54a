import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserMissing, launchChromium, skipWithoutBrowser, SCREENSHOTS } from '../support/chromium.ts';
import { findAccountById } from '../../src/accounts/accounts/accounts.repository.ts';
import { SessionKeyring } from '../../src/accounts/identity/identity.keys.ts';
import { signSessionToken } from '../../src/accounts/identity/identity.sessions.ts';
import { findUserByEmail } from '../../src/accounts/identity/identity.repository.ts';
import { createUser } from '../../src/accounts/identity/identity.users.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { startReceiver } from '../support/receiver.ts';
import { until } from '../support/until.ts';

const skip = skipWithoutBrowser;

/**
 * Refusals every page meets by design: on arrival the dashboard asks for the signed-in user and tries
 * a refresh, which a signed-out browser is answered 401; the browser asks for a favicon the dashboard
 * does not serve. Anything else on the console (a CSP violation, a script error) fails the test.
 */
const EXPECTED_REFUSALS = ['401 /v1/account/me', '401 /v1/auth/refresh', '404 /favicon.ico'];

describe('the web dashboard in a browser', { skip }, () => {
  let harness: Harness;
  let browser: Browser;
  let origin: string;
  let accountId: string;
  let accountKey: string;
  const password = 'dashboard-pass-1';
  let users = 0;

  before(async () => {
    if (browserMissing) throw new Error(browserMissing);
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startHarness({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000' } });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    ({ accountId, key: accountKey } = await harness.account({ credits: 500 }));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function newUser(): Promise<string> {
    users += 1;
    const email = `browser${users}@example.test`;
    const account = await findAccountById(harness.runtime.deps.db, accountId);
    assert.ok(account);
    await createUser(harness.runtime.deps.db, { account, email, password, actor: 'test' });
    return email;
  }

  /**
   * Opens a page that records every console error (where CSP violations and script failures show).
   * The browser also logs each 4xx answer as "Failed to load resource"; `consoleErrors` drops only
   * the answers named in EXPECTED_REFUSALS and the test's own `provoked` ones (a wrong password's 401).
   */
  async function openPage(
    name: string,
    provoked: readonly string[] = [],
  ): Promise<{ page: Page; shot: (step: string) => Promise<void>; consoleErrors: () => string[] }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const allowed = new Set([...EXPECTED_REFUSALS, ...provoked]);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(
        message.text(),
      )?.[1];
      const url = message.location().url;
      const path = url.startsWith(origin) ? new URL(url).pathname : url;
      if (status !== undefined && allowed.has(`${status} ${path}`)) return;
      errors.push(`${message.text()} <${url}>`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    let step = 0;
    return {
      page,
      consoleErrors: () => [...errors],
      shot: async (label) => {
        step += 1;
        await page.screenshot({
          path: `${SCREENSHOTS}/${name}-${String(step).padStart(2, '0')}-${label}.png`,
          fullPage: true,
        });
      },
    };
  }

  async function signIn(page: Page, email: string, pass = password): Promise<void> {
    await page.goto(`${origin}/dashboard`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(pass);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const dataApi = (path: string, key: string, body?: object) =>
    fetch(`${origin}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('signs in, creates a key, sees the key’s job appear, revokes the key and the data API refuses it', async () => {
    const email = await newUser();
    const { page, shot, consoleErrors } = await openPage('key-lifecycle');
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot('login');
    await signIn(page, email);
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    await page.getByText(`${email} · account`).waitFor();
    await shot('home');

    await page.getByLabel('Name').fill('browser-key');
    await page.getByRole('button', { name: 'Create key' }).click();
    // The element is in the page before the key: wait for the answer to fill it.
    const newKey = page.locator('#new-key-value', { hasText: /\S/ });
    await newKey.waitFor();
    const rawKey = (await newKey.textContent()) ?? '';
    assert.match(rawKey, /^svc_live_[A-Za-z0-9_-]{48}$/);
    await page.getByRole('button', { name: 'Revoke browser-key' }).waitFor();
    await shot('key-created');

    const truth = await fetchTruth(harness, 'source_01', 'de');
    const submitted = await dataApi('/job', rawKey, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: truth.products.slice(0, 2).map((product) => String(product.id)),
    });
    const { job } = (await submitted.json()) as { job: { _id: string } };
    assert.ok(job?._id);
    await page.getByRole('link', { name: job._id }).waitFor({ timeout: 15_000 });
    await page.locator('#jobs tr', { hasText: job._id }).getByText('finished').waitFor({ timeout: 30_000 });
    await shot('job-listed');

    await page.getByRole('link', { name: job._id }).click();
    await page.getByRole('link', { name: 'Download CSV' }).waitFor();
    const download = await page.evaluate(
      async (path) => (await fetch(path)).json() as Promise<{ results: unknown[] }>,
      `/v1/account/jobs/${job._id}/download`,
    );
    assert.equal(download.results.length, 2);
    await shot('job-detail');
    await page.getByRole('link', { name: '← Back' }).click();

    await page.getByRole('button', { name: 'Revoke browser-key' }).click();
    await page.getByText('Key browser-key revoked.').waitFor();
    await shot('key-revoked');
    assert.equal((await dataApi(`/job/${job._id}`, rawKey)).status, 401);
    assert.deepEqual(consoleErrors(), []);
  });

  it('handles a key form submitted while the home view still loads', async () => {
    const email = await newUser();
    const { page, consoleErrors } = await openPage('early-submit');
    // The account's jobs are held until the key form was submitted: the view is still loading then.
    let answerJobs: () => void = () => undefined;
    const jobsHeld = new Promise<void>((resolve) => (answerJobs = resolve));
    await page.route('**/v1/account/jobs*', async (route) => {
      await jobsHeld;
      await route.continue();
    });
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const jobsAsked = page.waitForRequest((request) => request.url().includes('/v1/account/jobs'));
    await signIn(page, email);
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    await jobsAsked;
    await page.getByLabel('Name').fill('early-key');
    const keyAsked = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/v1/account/api-keys'),
    );
    await page.getByLabel('Name').press('Enter');
    await keyAsked;
    answerJobs();
    await page.getByText('Key early-key created.').waitFor();
    assert.equal(new URL(page.url()).search, '', 'the browser did not submit the form itself');
    assert.deepEqual(consoleErrors(), []);
  });

  it('can be used with the keyboard alone', async () => {
    const email = await newUser();
    const { page, shot, consoleErrors } = await openPage('keyboard');
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The email field has focus on arrival; Tab moves to the password, Enter submits.
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    await page.getByLabel('Name').focus();
    await page.keyboard.type('keyboard-key');
    await page.keyboard.press('Enter');
    await page.getByText('Key keyboard-key created.').waitFor();
    const copyFocused = await page
      .getByRole('button', { name: 'Copy' })
      .evaluate((node: any) => node === node.ownerDocument.activeElement);
    assert.equal(copyFocused, true, 'focus moves to the copy button');
    await shot('key-created');
    assert.deepEqual(consoleErrors(), []);
  });

  it('opens a stream’s deliveries and replays a dead-lettered one', async () => {
    const email = await newUser();
    const receiver = await startReceiver();
    try {
      const truth = await fetchTruth(harness, 'source_01', 'de');
      const submitted = await dataApi('/stream', accountKey, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: truth.products.slice(0, 2).map((product) => String(product.id)),
        callback_url: receiver.url,
      });
      const { job_id: jobId } = (await submitted.json()) as { job_id: string };
      const db = harness.runtime.deps.db;
      const deliveries = () =>
        db.selectFrom('webhook_deliveries').selectAll().where('job_id', '=', jobId).execute();
      await until('the stream delivered', async () =>
        (await deliveries()).some((row) => row.status === 'delivered'),
      );
      const [first] = await deliveries();
      assert.ok(first);
      // Five failed attempts take most of an hour; the state they end in is set directly.
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'dead_lettered' })
        .where('id', '=', first.id)
        .execute();

      const { page, shot, consoleErrors } = await openPage('stream');
      await signIn(page, email);
      await page.getByRole('link', { name: jobId }).click();
      await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
      await page.getByRole('button', { name: `Replay batch ${first.batch_sequence}` }).waitFor();
      await shot('dead-lettered');
      await page.getByRole('button', { name: `Replay batch ${first.batch_sequence}` }).click();
      await page.getByText(`Batch ${first.batch_sequence} queued again.`).waitFor();
      await until('the replayed delivery left dead_lettered', async () => {
        const row = (await deliveries()).find((delivery) => delivery.id === first.id);
        return row?.status !== 'dead_lettered';
      });
      await shot('replayed');
      assert.deepEqual(consoleErrors(), []);
    } finally {
      await receiver.close();
    }
  });

  it('shows a wrong password as an error and stays on the sign-in form', async () => {
    const email = await newUser();
    const { page, shot, consoleErrors } = await openPage('wrong-password', ['401 /v1/auth/login']);
    await signIn(page, email, 'not-the-password');
    await page.getByRole('alert').getByText('wrong email or password').waitFor();
    await shot('refused');
    assert.equal(await page.getByRole('heading', { name: 'Credits', exact: true }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).isVisible(), false);
    assert.equal(
      await page.getByText('Your session ended').count(),
      0,
      'a first visit is not told of a session',
    );
    assert.deepEqual(consoleErrors(), []);
  });

  it('sends an expired session back to the sign-in form', async () => {
    const email = await newUser();
    const { page, shot, consoleErrors } = await openPage('expired-session');
    await signIn(page, email);
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    await shot('signed-in');
    const user = await findUserByEmail(harness.runtime.deps.db, email);
    assert.ok(user);
    const keyring = await SessionKeyring.open(harness.runtime.deps.db, 'session-1', 900);
    const expired = await signSessionToken(
      keyring,
      { userId: user.id, accountId, email, familyId: 'expired-login' },
      60,
      new Date(Date.now() - 3_600_000),
    );
    const context = page.context();
    const cookies = (await context.cookies()).filter((cookie) => cookie.name !== 'pc_refresh');
    await context.clearCookies();
    await context.addCookies(
      cookies.map((cookie) => (cookie.name === 'pc_session' ? { ...cookie, value: expired } : cookie)),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.match(page.url(), /#\/login$/);
    await shot('back-to-login');
    assert.deepEqual(consoleErrors(), []);
  });

  it('refuses a change that lacks the CSRF token', async () => {
    const email = await newUser();
    const { page, shot, consoleErrors } = await openPage('csrf', ['403 /v1/account/api-keys']);
    await signIn(page, email);
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    const answer = await page.evaluate(async () => {
      const response = await fetch('/v1/account/api-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'forged' }),
      });
      return { status: response.status, body: await response.json() };
    });
    assert.deepEqual(answer, { status: 403, body: { error: true, message: 'missing or wrong CSRF token' } });
    await page.reload();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    assert.equal(await page.getByText('forged').count(), 0);
    await shot('no-forged-key');
    assert.deepEqual(consoleErrors(), []);
  });
});
