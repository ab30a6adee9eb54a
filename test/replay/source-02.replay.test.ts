import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';
import { marketplacePage, skipWithoutMarketplacePages } from '../support/marketplace-pages.ts';
import { replayRoute, startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { runJob } from '../support/run-job.ts';

/**
 * source_02 against real Amazon pages (G34), replayed at their real paths: a job through the API
 * with `SOURCE_BASE_URLS` pointing at the replay server answers the manifest's facts, one site
 * (amazon.com, amazon.de) per test.
 */
describe('source_02 jobs on replayed Amazon pages', { skip: skipWithoutMarketplacePages() }, () => {
  let harness: Harness;
  let replay: ReplayServer;
  let headers: Record<string, string>;

  before(async () => {
    replay = await startReplayServer([
      replayRoute('source_02', 'grmpyktn11_amazon_product.html.gz', '/dp/B0DR8G428S'),
      replayRoute('source_02', 'mathagmann_amazon_de_B0C6QBTD9B.html.gz', '/dp/B0C6QBTD9B'),
    ]);
    harness = await startHarness({ env: { SOURCE_BASE_URLS: JSON.stringify({ source_02: replay.url }) } });
    ({ headers } = await harness.account({ credits: 1000 }));
  });
  after(async () => {
    await harness?.close();
    await replay?.close();
  });

  const cases = [
    { country: 'us', file: 'grmpyktn11_amazon_product.html.gz', sellerId: 'buybox_seller_id' },
    { country: 'de', file: 'mathagmann_amazon_de_B0C6QBTD9B.html.gz', sellerId: 'merchant_id' },
  ];
  for (const { country, file, sellerId } of cases) {
    it(`answers the buy box of ${file} for an item code on ${country}`, async () => {
      const facts = marketplacePage('source_02', file).facts as Record<string, string | number>;
      const itemCode = String(facts['product_id']);
      const { results } = await runJob(harness, headers, {
        source: 'source_02',
        country,
        key: 'item_code',
        topic: 'search',
        values: [itemCode],
      });
      const [result] = results;
      assert.equal(result?.success, true, JSON.stringify(result));
      const content = result?.['content'] as Record<string, any>;
      assert.equal(content['product_id'], itemCode);
      assert.equal(content['currency'], facts['currency']);
      assert.equal(content['buybox'].price, facts['main_price']);
      assert.equal(content['buybox'].seller_id, facts[sellerId]);
      assert.equal(content['extracted_by'], undefined, 'read by the driver, not the fallback');
      assert.ok(replay.requested.includes(`/dp/${itemCode}`));
    });
  }
});
