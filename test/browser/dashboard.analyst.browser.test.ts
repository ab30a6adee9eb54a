import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  browserMissing,
  launchChromium,
  noticeIs,
  skipWithoutBrowser,
  SCREENSHOTS,
  DESKTOP,
  PHONE,
  submitFormReady,
  holdRequests,
} from '../support/chromium.ts';
import { findAccountById } from '../../src/accounts/accounts/accounts.repository.ts';
import { createUser } from '../../src/accounts/identity/identity.users.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';

const skip = skipWithoutBrowser;

describe('the dashboard as an analyst uses it (issue 26)', { skip }, () => {
  let harness: Harness;
  let browser: Browser;
  let origin: string;
  let accountId: string;
  let truth: SandboxTruth;
  const password = 'analyst-pass-1';
  let users = 0;

  before(async () => {
    if (browserMissing) throw new Error(browserMissing);
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startHarness({ env: { SHUTDOWN_TIMEOUT_MS: '2000' } });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    ({ accountId } = await harness.account({ credits: 500 }));
    truth = await fetchTruth(harness, 'source_01', 'de');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function signedInPage(name: string): Promise<{ page: Page; shot: (step: string) => Promise<void> }> {
    users += 1;
    const email = `analyst${users}@example.test`;
    const account = await findAccountById(harness.runtime.deps.db, accountId);
    assert.ok(account);
    await createUser(harness.runtime.deps.db, { account, email, password, actor: 'test' });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.on('pageerror', (error) => assert.fail(`script error: ${error.message}`));
    await page.goto(`${origin}/dashboard`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    return {
      page,
      shot: async (step) => {
        await noticeIs(page, false);
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          await page.setViewportSize(viewport);
          // Charts draw again 100 ms after a resize: wait until their width fits the page.
          await page.waitForFunction(() =>
            [...(globalThis as any).document.querySelectorAll('.chart svg')].every(
              (svg: any) => Number(svg.getAttribute('width')) <= (globalThis as any).innerWidth,
            ),
          );
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${step}-${size}.png`), fullPage: true });
          for (const chart of await page.locator('.chart').all()) {
            if (!(await chart.isVisible())) continue;
            const id = (await chart.getAttribute('id')) ?? 'chart';
            await chart.screenshot({ path: join(SCREENSHOTS, `${name}-${step}-${size}-${id}.png`) });
          }
          // At phone width nothing runs off the screen: the page is no wider than the viewport.
          const overflow = await page.evaluate(
            // Runs in the page, where `document` and `innerWidth` exist.
            () => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth,
          );
          assert.ok(overflow <= 1, `${name}-${step} at ${size} width is ${overflow}px too wide`);
        }
        await page.setViewportSize(DESKTOP);
      },
    };
  }

  it('submits a job from the form and reads its prices, offers and a value’s history chart', async () => {
    const { page, shot } = await signedInPage('analyst');
    await shot('home');
    await page.getByRole('link', { name: 'New job' }).click();
    await page.getByRole('heading', { name: 'New job' }).waitFor();
    await page.getByLabel('Source').selectOption('source_01');
    const countries = await page.getByLabel('Country').locator('option').allTextContents();
    assert.ok(countries.includes('de'), countries.join());
    await page.getByLabel('Country').selectOption('de');
    await page.getByLabel('Key').selectOption('id');
    const ids = truth.products.slice(0, 2).map((product) => String(product.id));
    await page.getByLabel('Values, one per line').fill([...ids, 'no-such-product-0'].join('\n'));
    await page.getByText('3 values: this job reserves 3 credits').waitFor();
    await shot('form');
    await page.getByRole('button', { name: 'Submit job' }).click();

    await page.getByRole('heading', { name: 'Results' }).waitFor();
    await page.getByText('3 values with a result, 1 without a price').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('heading', { name: 'Deliveries' }).isVisible(), false, 'no webhook');
    const firstRow = page.locator('#results tbody tr').first();
    assert.match((await firstRow.textContent()) ?? '', /EUR/);
    await shot('results');

    await page.getByRole('button', { name: /^Min/ }).click();
    assert.equal(await page.locator('th', { hasText: 'Min' }).getAttribute('aria-sort'), 'ascending');
    await page.getByLabel('Only values without a price').check();
    assert.equal(await page.locator('#results tbody tr').count(), 1);
    assert.match((await page.locator('#results tbody tr').textContent()) ?? '', /no-such-product-0/);
    await page.getByLabel('Only values without a price').uncheck();

    await page.getByRole('button', { name: `Offers and history of ${ids[0]}` }).click();
    await page.getByRole('heading', { name: 'Offers', exact: true }).waitFor();
    const offerHeadings = await page.locator('#offers th').allTextContents();
    assert.deepEqual(offerHeadings.slice(1, 7), [
      'Seller',
      'Condition',
      'Price',
      'Shipping',
      'Total',
      'Availability',
    ]);
    assert.ok((await page.locator('#offers tbody tr').count()) >= 1);
    const chart = page.locator('#history-chart svg');
    await chart.waitFor();
    assert.match((await chart.getAttribute('aria-label')) ?? '', /Price history of .*1 observations/);
    assert.ok((await chart.locator('text.value').count()) >= 3, 'min, avg and max are written at the point');
    assert.ok((await chart.locator('text.axis').count()) >= 4, 'the axes carry labels');
    await shot('value');
  });

  it('reads values from a CSV file with a column chooser', async () => {
    const { page, shot } = await signedInPage('csv');
    // The form shows before the sources arrive; until they do, it takes no input (a file picked
    // then was read by no handler).
    const releaseSources = await holdRequests(page, '**/v1/account/sources');
    await page.goto(`${origin}/dashboard#/new`);
    await page.getByRole('heading', { name: 'New job' }).waitFor();
    assert.equal(await page.getByLabel('Or read a CSV or XLSX file').isDisabled(), true);
    releaseSources();
    await submitFormReady(page);
    assert.equal(await page.getByLabel('Or read a CSV or XLSX file').isDisabled(), false);
    const ids = truth.products.slice(2, 5).map((product) => String(product.id));
    const file = join(SCREENSHOTS, 'values.csv');
    writeFileSync(file, `\uFEFFname;id\n${ids.map((id, i) => `"Product ${i}; boxed";${id}`).join('\n')}\n`);
    await page.getByLabel('Or read a CSV or XLSX file').setInputFiles(file);
    await page.getByLabel('Column').selectOption({ label: 'id' });
    assert.equal(await page.getByLabel('Values, one per line').inputValue(), ids.join('\n'));
    await page.getByText('3 values: this job reserves 3 credits').waitFor();
    await shot('csv');
  });

  it('shows no error when the new-job form is left before its sources arrive', async () => {
    const { page } = await signedInPage('left');
    const releaseSources = await holdRequests(page, '**/v1/account/sources');
    await page.goto(`${origin}/dashboard#/new`);
    await page.getByRole('heading', { name: 'New job' }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    const answered = page.waitForResponse('**/v1/account/sources');
    releaseSources();
    await (await answered).finished();
    // The form's last step follows the answer's body in the page; a request of the page's own made
    // after it is answered after that step.
    await page.evaluate(() => fetch('/health').then((response) => response.text()));
    await noticeIs(page, false);
  });
});
