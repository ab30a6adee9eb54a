import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { startHarness, type Harness } from '../support/harness.ts';

const CHROMIUM = '/usr/bin/chromium';

describe('docs page at /docs', () => {
  let harness: Harness;
  let origin: string;

  before(async () => {
    harness = await startHarness({ worker: false });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  after(async () => harness.close());

  it('references only assets the service itself serves', async () => {
    const page = await fetch(`${origin}/docs`);
    assert.equal(page.status, 200);
    const html = await page.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    assert.ok(references.length >= 4, html);
    for (const reference of references) {
      assert.match(reference, /^\/docs\//, `${reference} is served by the service`);
      assert.equal((await fetch(`${origin}${reference}`)).status, 200, reference);
    }
  });

  it(
    'renders every operation in a browser without a request leaving the service',
    {
      skip: existsSync(CHROMIUM) ? false : `no browser at ${CHROMIUM}`,
    },
    async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM });
      try {
        const page = await browser.newPage();
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.goto(`${origin}/docs`);
        await page.waitForSelector('.opblock-summary', { timeout: 30_000 });
        const summaries = await page.locator('.opblock-summary-path').allTextContents();
        for (const path of [
          '/job',
          '/job/{id}/download.xlsx',
          '/stream/{id}/results',
          '/history',
          '/metrics',
        ]) {
          assert.ok(
            summaries.some((text) => text.replace(/\u200b/g, '') === path),
            `${path} is shown`,
          );
        }
        assert.ok(requested.length > 3);
        const foreign = requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'));
        assert.deepEqual(foreign, [], 'every request of the page goes to the service');
      } finally {
        await browser.close();
      }
    },
  );
});
