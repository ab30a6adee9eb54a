import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';

/** Debian's Chromium (`.ci/run` installs it); the dashboard's browser tests use the same. */
const CHROMIUM = '/usr/bin/chromium';

describe('the rendered fetch: pages whose prices appear only after a script runs (issue 20)', () => {
  let harness: Harness;
  before(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium package`);
    harness = await startHarness({
      sandbox: { faults: { source_08: { scriptOnly: true } } },
      env: { CRAWL_RENDER: JSON.stringify({ sources: ['source_08'], concurrency: 2, timeoutMs: 30_000 }) },
    });
  });
  after(async () => harness.close());

  it('serves a page whose product exists only once its script has run', async () => {
    const truth = await fetchTruth(harness, 'source_08', 'de');
    const product = truth.products[0];
    assert.ok(product);
    const pageUrl = harness.sandboxOrigin + new URL(String(product.content.url)).pathname;
    const plain = await (await fetch(pageUrl)).text();
    assert.match(plain, /<div id="app">Loading…<\/div>/);
    assert.ok(!plain.includes(String(product.content.name)), 'a plain fetch sees no product name');
  });

  it('crawls such pages through Chromium and hands the rendered DOM to the source parser', async () => {
    const { headers } = await harness.account();
    const truth = await fetchTruth(harness, 'source_08', 'de');
    const products = truth.products.slice(0, 3);
    for (const product of products) {
      const answer = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: {
          source: 'source_08',
          country: 'de',
          key: 'id',
          values: [String(product.product_id)],
          wait: 90,
        },
      });
      const [result] = answer.json().results as Array<{ success: boolean; content: Record<string, unknown> }>;
      assert.equal(result?.success, true, JSON.stringify(result));
      assert.equal(result?.content.name, product.content.name);
      assert.equal(result?.content.price_min, product.content.price_min);
      assert.equal(result?.content.extracted_by, undefined, 'read by the driver, not the fallback');
    }
  });
});

describe('CRAWL_RENDER', () => {
  it('fails the start naming chromiumPath when Chromium is not there', () => {
    const env = { CRAWL_RENDER: '{"sources":["source_08"],"chromiumPath":"/nowhere/chromium"}' };
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(
          error.message,
          /CRAWL_RENDER: chromiumPath \/nowhere\/chromium is not an executable file: install Debian's chromium/,
        );
        return true;
      },
    );
  });

  it('is off by default and lists what is wrong with a bad value', () => {
    assert.deepEqual(loadConfig({}).crawlRender.sources, []);
    assert.throws(
      () => loadConfig({ CRAWL_RENDER: '{"concurrency":0,"colour":1}' }),
      /unknown field colour[\s\S]*concurrency must be an integer from 1 to 16/,
    );
  });
});
