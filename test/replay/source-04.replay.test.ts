import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';
import { marketplacePage, skipWithoutMarketplacePages } from '../support/marketplace-pages.ts';
import { replayRoute, startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { runJob } from '../support/run-job.ts';

/**
 * source_04 against real eBay pages (G34), replayed at their real paths (`/sch/i.html?_nkw=…`,
 * `/itm/<id>`): jobs through the API with `SOURCE_BASE_URLS` pointing at the replay server answer
 * the manifest's facts, one test per site (ebay.de and ebay.com search, an ebay.com item).
 */
describe('source_04 jobs on replayed eBay pages', { skip: skipWithoutMarketplacePages() }, () => {
  let harness: Harness;
  let replay: ReplayServer;
  let headers: Record<string, string>;

  before(async () => {
    replay = await startReplayServer([
      replayRoute('source_04', 'parsy_ebay_de.html.gz', '/sch/i.html?_nkw=apple'),
      replayRoute('source_04', 'understudy_ebay_search.html.gz', '/sch/i.html?_nkw=rtx%203080'),
      replayRoute(
        'source_04',
        '21e72a8e6d24920993b9014ccc5ac3f0656f1f28bc94b26dea26510b3c33f58a.html.gz',
        '/itm/302474151804',
      ),
    ]);
    harness = await startHarness({ env: { SOURCE_BASE_URLS: JSON.stringify({ source_04: replay.url }) } });
    ({ headers } = await harness.account({ credits: 1000 }));
  });
  after(async () => {
    await harness?.close();
    await replay?.close();
  });

  const searches = [
    { country: 'de', term: 'apple', file: 'parsy_ebay_de.html.gz' },
    { country: 'us', term: 'rtx 3080', file: 'understudy_ebay_search.html.gz' },
  ];
  for (const { country, term, file } of searches) {
    it(`answers the listings of ${file} for a term on ${country}`, async () => {
      const facts = marketplacePage('source_04', file).facts as {
        first_real: { item_id: string };
        currency: string;
      };
      const { results } = await runJob(harness, headers, {
        source: 'source_04',
        country,
        key: 'term',
        topic: 'search',
        values: [term],
      });
      const content = results[0]?.['content'] as Record<string, any>;
      assert.equal(results[0]?.success, true, JSON.stringify(results[0]));
      assert.equal(content['product_id'], facts.first_real.item_id);
      assert.ok(content['offers_count'] >= 50, `${content['offers_count']} listings`);
      assert.ok(
        (content['offers'] as { currency: string }[]).every((offer) => offer.currency === facts.currency),
      );
    });
  }

  it('answers the price, currency and seller of an ebay.com item page for an id', async () => {
    const file = '21e72a8e6d24920993b9014ccc5ac3f0656f1f28bc94b26dea26510b3c33f58a.html.gz';
    const facts = marketplacePage('source_04', file).facts as Record<string, string | number>;
    const { results } = await runJob(harness, headers, {
      source: 'source_04',
      country: 'us',
      key: 'id',
      topic: 'search',
      values: [String(facts['product_id'])],
    });
    const content = results[0]?.['content'] as Record<string, any>;
    assert.equal(results[0]?.success, true, JSON.stringify(results[0]));
    assert.equal(content['product_id'], facts['product_id']);
    assert.equal(content['price'], facts['main_price']);
    assert.equal(content['currency'], facts['currency']);
    assert.equal(content['seller_name'], facts['seller']);
    assert.equal(content['extracted_by'], undefined, 'read by the driver, not the fallback');
  });
});
