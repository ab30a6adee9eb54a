import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  browserMissing,
  launchChromium,
  noticeIs,
  skipWithoutBrowser,
  SCREENSHOTS,
  DESKTOP,
  PHONE,
  submitFormReady,
} from '../support/chromium.ts';
import { findAccountById } from '../../src/accounts/accounts/accounts.repository.ts';
import { createUser } from '../../src/accounts/identity/identity.users.ts';
import { writeXlsx } from '../../src/platform/lib/xlsx.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { startReceiver } from '../support/receiver.ts';
import { until } from '../support/until.ts';

const skip = skipWithoutBrowser;

describe(
  'the dashboard’s paged results, interval runs, key names and spreadsheets (issue 26)',
  { skip },
  () => {
    let harness: Harness;
    let browser: Browser;
    let origin: string;
    let accountId: string;
    let headers: Record<string, string>;
    let truth: SandboxTruth;
    let users = 0;

    before(async () => {
      if (browserMissing) throw new Error(browserMissing);
      mkdirSync(SCREENSHOTS, { recursive: true });
      harness = await startHarness({
        env: { SHUTDOWN_TIMEOUT_MS: '2000', CALLBACK_ALLOW_HOSTS: '127.0.0.1' },
      });
      await harness.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
      ({ accountId, headers } = await harness.account({ credits: 500 }));
      truth = await fetchTruth(harness, 'source_01', 'de');
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      await harness?.close();
    });

    async function signedInPage(name: string) {
      users += 1;
      const email = `views${users}@example.test`;
      const account = await findAccountById(harness.runtime.deps.db, accountId);
      assert.ok(account);
      await createUser(harness.runtime.deps.db, { account, email, password: 'views-pass-1', actor: 'test' });
      const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
      page.on('pageerror', (error) => assert.fail(`script error: ${error.message}`));
      await page.goto(`${origin}/dashboard`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('views-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
      const shot = async (step: string, expectError = false) => {
        await noticeIs(page, expectError);
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${step}-${size}.png`), fullPage: true });
          const overflow = await page.evaluate(
            // Runs in the page, where `document` and `innerWidth` exist.
            () => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth,
          );
          assert.ok(overflow <= 1, `${name}-${step} at ${size} width is ${overflow}px too wide`);
        }
        await page.setViewportSize(DESKTOP);
      };
      return { page, shot };
    }

    const submit = async (body: object) => {
      const response = await harness.app.inject({ method: 'POST', url: '/job', headers, payload: body });
      const answer = response.json() as { job: { _id: string } };
      assert.ok(answer.job?._id, response.body);
      return answer.job._id;
    };

    it('pages through a job of 1 000 values and sorts them', async () => {
      // Values the source refuses are answered at submission (parameter_invalid), so 1 000 results
      // exist at once without 1 000 crawls; two real products come with them.
      const invalid = Array.from({ length: 998 }, (_, i) => `bad-${String(i).padStart(4, '0')}`);
      const real = truth.products.slice(0, 2).map((product) => String(product.id));
      const jobId = await submit({
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: [...invalid, ...real],
      });
      const { page, shot } = await signedInPage('paged');
      await page.goto(`${origin}/dashboard#/jobs/${jobId}`);
      await page.getByText('1000 values with a result, 998 without a price').waitFor({ timeout: 30_000 });
      await page.getByText('Page 1 of 20').waitFor();
      assert.equal(await page.locator('#results tbody tr').count(), 50);
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText('Page 2 of 20').waitFor();
      assert.match((await page.locator('#results tbody tr').first().textContent()) ?? '', /bad-0050/);
      await page.getByRole('button', { name: /^Value/ }).click();
      await page.getByRole('button', { name: /^Value/ }).click();
      assert.equal(await page.locator('th', { hasText: 'Value' }).getAttribute('aria-sort'), 'descending');
      await page.getByRole('button', { name: 'Previous page' }).click();
      await page.getByText('Page 1 of 20').waitFor();
      const first = (await page.locator('#results tbody tr').first().textContent()) ?? '';
      assert.match(first, /bad-0997/, 'sorted descending by value, real product ids (digits) last');
      await page.getByLabel('Only values without a price').check();
      await page.getByText('showing 1–50 of 998').waitFor();
      await shot('results');
    });

    it('shows an interval job’s latest and next run and each run’s downloads', async () => {
      const ids = truth.products.slice(3, 5).map((product) => String(product.id));
      const jobId = await submit({
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: ids,
        interval: 60,
      });
      const { page, shot } = await signedInPage('interval');
      await page.goto(`${origin}/dashboard#/jobs/${jobId}`);
      await page.getByRole('heading', { name: 'Runs' }).waitFor();
      await page
        .locator('#runs-figures')
        .getByText(/^finished, started/)
        .waitFor({ timeout: 30_000 });
      await page.locator('#runs-figures').getByText('60 minutes').waitFor();
      assert.match((await page.locator('#runs-figures').textContent()) ?? '', /Next run\d/);
      const csv = page.locator('#runs').getByRole('link', { name: 'CSV' });
      const href = (await csv.getAttribute('href')) ?? '';
      const runId = /jobs\/([0-9a-f]{24})\/download/.exec(href)?.[1];
      assert.ok(runId && runId !== jobId, href);
      const body = await page.evaluate(async (path) => (await fetch(path)).text(), href);
      assert.equal(body.split('\n').filter((line) => ids.some((id) => line.includes(id))).length >= 2, true);
      await page.getByText('2 values with a result, 0 without a price').waitFor();
      await shot('runs');
    });

    it('submits an interval job that delivers only changes to a webhook (G40)', async () => {
      const receiver = await startReceiver();
      try {
        const { page, shot } = await signedInPage('changes');
        await page.getByRole('link', { name: 'New job' }).click();
        await page.getByLabel('Key').selectOption('id');
        await page.getByLabel('Values, one per line').fill(String(truth.products[8]?.id));
        await page.getByLabel('Repeat every (minutes)').fill('60');
        await page.getByLabel('Deliver').selectOption('changes');
        await page.getByText('1 value: this job reserves 1 credit per run').waitFor();
        await page.getByRole('button', { name: 'Submit job' }).click();
        await page.getByText('deliver "changes" requires callback_url').waitFor();
        await page.getByLabel('Webhook URL (optional)').fill(receiver.url);
        await shot('form', true);
        await page.getByRole('button', { name: 'Submit job' }).click();
        await page.getByRole('heading', { name: 'Runs' }).waitFor();
        const jobId = /#\/jobs\/([0-9a-f]{24})$/.exec(page.url())?.[1] ?? '';
        const row = await harness.runtime.deps.db
          .selectFrom('jobs')
          .select(['deliver', 'interval_minutes', 'callback_url'])
          .where('id', '=', jobId)
          .executeTakeFirst();
        assert.deepEqual(row, { deliver: 'changes', interval_minutes: 60, callback_url: receiver.url });
      } finally {
        await receiver.close();
      }
    });

    it('shows a batch job’s webhook deliveries and replays a dead-lettered one', async () => {
      const receiver = await startReceiver();
      try {
        const ids = truth.products.slice(9, 10).map((product) => String(product.id));
        const jobId = await submit({
          source: 'source_01',
          country: 'de',
          key: 'id',
          values: ids,
          callback_url: receiver.url,
        });
        const db = harness.runtime.deps.db;
        const deliveries = () =>
          db.selectFrom('webhook_deliveries').selectAll().where('job_id', '=', jobId).execute();
        await until('the job delivered', async () =>
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
        const { page, shot } = await signedInPage('batch-deliveries');
        await page.goto(`${origin}/dashboard#/jobs/${jobId}`);
        await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
        await page.getByRole('button', { name: `Replay batch ${first.batch_sequence}` }).click();
        await page.getByText(`Batch ${first.batch_sequence} queued again.`).waitFor();
        await until('the replayed delivery left dead_lettered', async () => {
          const row = (await deliveries()).find((delivery) => delivery.id === first.id);
          return row?.status !== 'dead_lettered';
        });
        await shot('replayed');
      } finally {
        await receiver.close();
      }
    });

    it('refuses a second active key of the same name and names the problem', async () => {
      const { page, shot } = await signedInPage('keys');
      for (const attempt of [1, 2]) {
        await page.getByLabel('Name').fill('reporting');
        await page.getByRole('button', { name: 'Create key' }).click();
        if (attempt === 1) await page.getByText('Key reporting created.').waitFor();
      }
      await page.getByText('an active API key is already named "reporting": choose another name').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Revoke reporting' }).count(), 1);
      await shot('duplicate-refused', true);
    });

    it('reads values from an XLSX file’s chosen column', async () => {
      const ids = truth.products.slice(5, 8).map((product) => String(product.id));
      const file = join(SCREENSHOTS, 'values.xlsx');
      writeFileSync(
        file,
        await writeXlsx(
          'values',
          ['name', 'product id'],
          ids.map((id, i) => [`Product ${i}`, id]),
        ),
      );
      const { page, shot } = await signedInPage('xlsx');
      await page.getByRole('link', { name: 'New job' }).click();
      await submitFormReady(page);
      await page.getByLabel('Or read a CSV or XLSX file').setInputFiles(file);
      await page.getByLabel('Column').selectOption({ label: 'product id' });
      assert.equal(await page.getByLabel('Values, one per line').inputValue(), ids.join('\n'));
      await page.getByText('3 values: this job reserves 3 credits').waitFor();
      await shot('form');
    });
  },
);
