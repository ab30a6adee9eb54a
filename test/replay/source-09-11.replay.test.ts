import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';
import { marketplacePage, skipWithoutMarketplacePages } from '../support/marketplace-pages.ts';
import { replayRoute, startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { runJob } from '../support/run-job.ts';

/**
 * source_09 (walmart.com, G34) and source_11 (Target's RedSky API) against their real saved pages,
 * replayed at the real paths (`/ip/<id>`, `/redsky_aggregations/v1/web/pdp_client_v1?tcin=`): a job
 * through the API with `SOURCE_BASE_URLS` pointing at the replay server answers the manifest's facts.
 */
describe('source_09 and source_11 jobs on replayed pages', { skip: skipWithoutMarketplacePages() }, () => {
  let harness: Harness;
  let replay: ReplayServer;
  let headers: Record<string, string>;

  before(async () => {
    replay = await startReplayServer([
      replayRoute('source_09', 'boty_goplusplus.html.gz', '/ip/1203950273'),
      replayRoute('source_11', 'grmpyktn11_target_pdp.json.gz', '/redsky_aggregations/v1/web/pdp_client_v1'),
    ]);
    const bases = { source_09: replay.url, source_11: replay.url };
    harness = await startHarness({ env: { SOURCE_BASE_URLS: JSON.stringify(bases) } });
    ({ headers } = await harness.account({ credits: 1000 }));
  });
  after(async () => {
    await harness?.close();
    await replay?.close();
  });

  it('answers the buy box of a walmart.com page for an id', async () => {
    const facts = marketplacePage('source_09', 'boty_goplusplus.html.gz').facts as Record<
      string,
      string | number
    >;
    const { results } = await runJob(harness, headers, {
      source: 'source_09',
      country: 'us',
      key: 'id',
      topic: 'search',
      values: [String(facts['product_id'])],
    });
    const content = results[0]?.['content'] as Record<string, any>;
    assert.equal(results[0]?.success, true, JSON.stringify(results[0]));
    assert.equal(content['product_id'], facts['product_id']);
    assert.equal(content['name'], facts['name']);
    assert.equal(content['gtin'], facts['upc']);
    assert.equal(content['buybox'].price, facts['main_price']);
    assert.equal(content['buybox'].seller_name, 'Clove Brothers LLC');
    assert.equal(content['offers'][0].currency, facts['currency']);
    assert.equal(content['extracted_by'], undefined, 'read by the driver, not the fallback');
  });

  it('answers the dollar price of a Target RedSky answer for a TCIN', async () => {
    const facts = marketplacePage('source_11', 'grmpyktn11_target_pdp.json.gz').facts as Record<
      string,
      string | number
    >;
    const { results } = await runJob(harness, headers, {
      source: 'source_11',
      country: 'us',
      key: 'id',
      topic: 'search',
      values: [String(facts['tcin'])],
    });
    const content = results[0]?.['content'] as Record<string, any>;
    assert.equal(results[0]?.success, true, JSON.stringify(results[0]));
    assert.equal(content['product_id'], facts['tcin']);
    assert.equal(content['brand_name'], facts['brand']);
    assert.equal(content['price_min'], facts['price']);
    assert.deepEqual(
      content['offers'].map((offer: Record<string, unknown>) => [offer['price'], offer['currency']]),
      [[facts['price'], facts['currency']]],
    );
    assert.ok(replay.requested.includes(`/redsky_aggregations/v1/web/pdp_client_v1?tcin=${facts['tcin']}`));
  });
});
