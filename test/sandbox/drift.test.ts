import { decodeBody } from '../../src/crawl/fetcher/fetcher.body.ts';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { extractProduct } from '../../src/crawl/extract/index.ts';
import type { SourceId } from '../../src/crawl/vocabulary/sources.types.ts';
import { buildSandboxApp } from '../../src/sandbox/app.ts';
import { parseFaultProfiles } from '../../src/sandbox/faults.ts';

interface TruthProduct {
  name: string;
  content: { url: string; price_min?: number; offers: { price: number }[] };
}

interface Summary {
  sources: { source: SourceId; countries: string[] }[];
}

/** Embedded data a first template carries and the second never does. */
const STRUCTURED_MARKERS = [
  'application/ld+json',
  'itemprop=',
  'itemscope',
  'typeof=',
  '__NEXT_DATA__',
  '__STATE__',
  '__VM_REDUX_INITIAL_STATE__',
  'data-product-id',
];

describe('sandbox markupDrift fault', () => {
  let app: FastifyInstance;
  const setFaults = (body: unknown) =>
    app.inject({ method: 'PUT', url: '/_sandbox/faults', payload: body as object });
  const truthOf = async (source: SourceId, country: string) =>
    (await app.inject({ url: `/catalog.json?source=${source}&country=${country}` })).json() as {
      currency: string;
      products: TruthProduct[];
    };
  const driftStat = async (source: SourceId): Promise<number> =>
    (await app.inject({ url: '/_sandbox/stats' })).json()[source]?.markupDrift ?? 0;
  // Decoded as the service's fetcher decodes: by the declared charset (source_12 serves Shift_JIS).
  const pageOf = async (url: string) => {
    const response = await app.inject({ url: new URL(url).pathname + new URL(url).search });
    return { ...response, body: decodeBody(response.rawPayload, String(response.headers['content-type'])) };
  };

  before(() => {
    app = buildSandboxApp({ seed: 11 });
  });
  after(async () => {
    await app.close();
  });

  it('serves every storefront of every site its product pages in the second template, with the same name and lowest price as visible text', async () => {
    const summary = (await app.inject({ url: '/catalog.json' })).json() as Summary;
    await setFaults(
      Object.fromEntries(summary.sources.map(({ source }) => [source, { rates: { markupDrift: 1 } }])),
    );
    for (const { source, countries } of summary.sources) {
      for (const country of countries) {
        const truth = await truthOf(source, country);
        for (const product of truth.products.slice(0, 2)) {
          const where = `${source} ${country} ${product.content.url}`;
          // source_02 serves at and ch from de, priced for the delivery country the driver names.
          const region = source === 'source_02' && country !== 'de' ? `?deliveryCountry=${country}` : '';
          const page = await pageOf(product.content.url + region);
          assert.equal(page.statusCode, 200, where);
          for (const marker of STRUCTURED_MARKERS)
            assert.ok(!page.body.includes(marker), `${where}: ${marker}`);
          const extracted = extractProduct(page.body, { url: product.content.url });
          const lowest = Math.min(...product.content.offers.map((offer) => offer.price));
          assert.equal(Number(extracted.price), product.content.price_min ?? lowest, where);
          assert.equal(extracted.name, product.name, where);
        }
      }
    }
  });

  it('keeps the first template without the fault', async () => {
    await setFaults({});
    const truth = await truthOf('source_07', 'de');
    const page = await pageOf((truth.products[0] as TruthProduct).content.url);
    assert.match(page.body, /application\/ld\+json/);
  });

  it('drifts a share of products near the rate, each product always in the same template, and counts them', async () => {
    await setFaults({ source_06: { rates: { markupDrift: 0.5 } } });
    const truth = await truthOf('source_06', 'de');
    const driftedBefore = await driftStat('source_06');
    const drifted = async (product: TruthProduct) =>
      !(await pageOf(product.content.url)).body.includes('pdp_seller');
    const products = truth.products.slice(0, 100);
    const first = await Promise.all(products.map(drifted));
    const second = await Promise.all(products.map(drifted));
    assert.deepEqual(second, first);
    const count = first.filter(Boolean).length;
    assert.ok(count > 35 && count < 65, `${count} of 100 drifted`);
    assert.equal((await driftStat('source_06')) - driftedBefore, 2 * count);
    await setFaults({});
  });

  it('answers source_11 product data in a restructured JSON shape and renders its page on the server', async () => {
    await setFaults({ source_11: { rates: { markupDrift: 1 } } });
    const truth = await truthOf('source_11', 'us');
    const product = truth.products[0] as TruthProduct;
    const tcin = /A-(\d{8})$/.exec(product.content.url)?.[1];
    const pdp = (
      await app.inject({ url: `/source_11/us/redsky_aggregations/v1/web/pdp_client_v1?tcin=${tcin}` })
    ).json();
    assert.equal(pdp.data.product, undefined);
    assert.equal(pdp.data.pdp_summary.headline, product.name);
    assert.equal(pdp.data.pdp_summary.display_price, `$${(product.content.price_min ?? 0).toFixed(2)}`);
    const page = await pageOf(product.content.url);
    assert.match(page.body, /<h1 class="item-view__heading">/);
    await setFaults({});
  });

  it('accepts markupDrift beside request faults whose sum is 1, and rejects a rate above 1', () => {
    assert.ok('profiles' in parseFaultProfiles({ source_01: { rates: { markupDrift: 1, serverError: 1 } } }));
    const bad = parseFaultProfiles({ source_01: { rates: { markupDrift: 1.5 } } });
    assert.deepEqual(bad, { error: 'source_01: rate markupDrift must be 0..1' });
  });
});
