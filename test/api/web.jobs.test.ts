import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { after, before, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { runJob } from '../support/run-job.ts';

/** The shop runs on 127.0.0.2, the one address CRAWL_ALLOW_HOSTS lists; the service, its sandbox and /metrics stay on 127.0.0.1. */
const SHOP_HOST = '127.0.0.2';

function productPage(name: string, sku: string, price: string): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    sku,
    brand: { '@type': 'Brand', name: 'Lumo' },
    offers: { '@type': 'Offer', price, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  });
  return `<!doctype html><html lang="de"><head><title>${name}</title><script type="application/ld+json">${jsonLd}</script></head><body><h1>${name}</h1><p class="price">${price.replace('.', ',')} €</p><button>In den Warenkorb</button></body></html>`;
}

const PAGES: Record<string, { status: number; type: string; body: string }> = {
  '/robots.txt': { status: 200, type: 'text/plain', body: 'User-agent: *\nDisallow: /intern/\n' },
  '/p/lamp': { status: 200, type: 'text/html', body: productPage('Schreibtischlampe', 'DL-100', '39.90') },
  '/p/chair': { status: 200, type: 'text/html', body: productPage('Stuhl, grau', 'CH-7', '129.00') },
  '/about': {
    status: 200,
    type: 'text/html',
    body: '<!doctype html><html><body><h1>Über uns</h1></body></html>',
  },
  '/intern/p/9': { status: 200, type: 'text/html', body: productPage('Geheim', 'X-9', '1.00') },
};

describe('web jobs: any shop by URL through the API', () => {
  let harness: Harness;
  let shop: Server;
  let shopOrigin: string;
  const requested: string[] = [];
  let auth: { headers: Record<string, string>; accountId: string };

  before(async () => {
    shop = createServer((request, response) => {
      requested.push(request.url ?? '');
      const page = PAGES[(request.url ?? '').split('?')[0] ?? ''];
      response.writeHead(page?.status ?? 404, {
        'content-type': `${page?.type ?? 'text/html'}; charset=utf-8`,
      });
      response.end(page?.body ?? '<!doctype html><html><body>nicht gefunden</body></html>');
    });
    await new Promise<void>((resolve) => shop.listen(0, SHOP_HOST, resolve));
    shopOrigin = `http://${SHOP_HOST}:${(shop.address() as AddressInfo).port}`;
    harness = await startHarness({ env: { CRAWL_ALLOW_HOSTS: SHOP_HOST } });
    auth = await harness.account({ credits: 100, cacheReuse: true });
  });

  after(async () => {
    await harness.close();
    shop.closeAllConnections();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  it('reads product pages into content with one offer, and charges only the pages fetched', async () => {
    const balanceBefore = await creditBalance(harness.runtime.deps.db, auth.accountId);
    const values = [
      `${shopOrigin}/p/lamp`,
      `${shopOrigin}/p/chair?color=grau,hell`,
      `${shopOrigin}/p/missing`,
      `${shopOrigin}/about`,
      `${shopOrigin}/intern/p/9`,
      'not a url',
    ];
    const { results } = await runJob(harness, auth.headers, {
      source: 'web',
      country: 'de',
      key: 'url',
      values,
    });
    const [lamp, chair, missing, about, robots, invalid] = results;
    assert.equal(lamp?.success, true);
    assert.equal(lamp?.content.name, 'Schreibtischlampe');
    assert.equal(lamp?.content.product_id, 'DL-100');
    assert.equal(lamp?.content.price, 39.9);
    assert.equal(lamp?.content.currency, 'EUR');
    assert.equal(lamp?.content.url, `${shopOrigin}/p/lamp`);
    assert.equal(lamp?.content.offers.length, 1);
    assert.equal(lamp?.content.offers[0].seller_name, SHOP_HOST);
    assert.equal(lamp?.trust.components.identity, 1);
    assert.equal(chair?.content.price, 129);
    assert.deepEqual([missing?.success, missing?.reason], [true, 'not found']);
    assert.deepEqual([about?.success, about?.reason], [true, 'not found']);
    assert.deepEqual([robots?.success, robots?.reason], [false, 'source currently unavailable']);
    assert.match(robots?.reason_detail ?? '', /robots\.txt of 127\.0\.0\.2:\d+ disallows it for pricecrawl/);
    assert.equal(requested.filter((path) => path.startsWith('/intern')).length, 0);
    assert.equal(requested.filter((path) => path === '/robots.txt').length, 1);
    assert.deepEqual(
      [invalid?.reason, invalid?.reason_detail],
      ['parameter_invalid', invalid?.reason_detail],
    );
    assert.match(invalid?.reason_detail ?? '', /absolute http or https URL/);
    const balanceAfter = await creditBalance(harness.runtime.deps.db, auth.accountId);
    // lamp, chair, missing, about: four pages fetched; robots refusal and the invalid value are free.
    assert.equal(balanceBefore - balanceAfter, 4);
  });

  it('never reaches the service itself, its sandbox or /metrics, and charges nothing for it', async () => {
    const balanceBefore = await creditBalance(harness.runtime.deps.db, auth.accountId);
    const values = [
      `${harness.sandboxOrigin}/catalog.json`,
      'http://localhost:8080/metrics',
      'http://[::1]/health',
    ];
    const { results } = await runJob(harness, auth.headers, {
      source: 'web',
      country: 'us',
      key: 'url',
      values,
    });
    for (const result of results) {
      assert.deepEqual([result.success, result.reason], [false, 'source currently unavailable']);
      assert.match(result.reason_detail ?? '', /is loopback/);
    }
    assert.equal(await creditBalance(harness.runtime.deps.db, auth.accountId), balanceBefore);
  });

  it('takes a comma-containing values string as one URL and re-serves a tracking-tagged spelling from the cache', async () => {
    const { results } = await runJob(harness, auth.headers, {
      source: 'web',
      country: 'de',
      key: 'url',
      values: `${shopOrigin}/p/chair?color=grau,hell&utm_source=newsletter#reviews`,
      max_age: 3600,
    });
    assert.equal(results.length, 1);
    assert.equal(results[0]?.served_from, 'cache');
    assert.equal(results[0]?.content.price, 129);
  });

  it('writes the G36 download layout: one offer row per page with the shop as seller', async () => {
    const { jobId } = await runJob(harness, auth.headers, {
      source: 'web',
      country: 'de',
      key: 'url',
      values: [`${shopOrigin}/p/lamp`, `${shopOrigin}/p/missing`],
    });
    const csv = await harness.app.inject({
      method: 'GET',
      url: `/job/${jobId}/download?format=csv`,
      headers: auth.headers,
    });
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(
      rows.map((row) => [row.row_kind, row.line_price, row.line_currency, row.line_seller_name]),
      [
        ['offer', '39.9', 'EUR', SHOP_HOST],
        ['result', '', '', ''],
      ],
    );
  });

  it('lists the history of one URL by its canonical form', async () => {
    const value = encodeURIComponent(`${shopOrigin}/p/lamp?utm_campaign=x`);
    const response = await harness.app.inject({
      method: 'GET',
      url: `/history?source=web&country=de&key=url&value=${value}`,
      headers: auth.headers,
    });
    const body = response.json() as {
      error: boolean;
      points: Array<{ price_min: number; currency: string }>;
    };
    assert.equal(body.error, false, response.body);
    assert.ok(body.points.length >= 1, response.body);
    assert.deepEqual(body.points[0] && [body.points[0].price_min, body.points[0].currency], [39.9, 'EUR']);
  });

  it('takes an hourly interval job with change alerts, as docs/monitor.md shows it', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: auth.headers,
      payload: {
        source: 'web',
        country: 'de',
        key: 'url',
        values: [`${shopOrigin}/p/lamp`, `${shopOrigin}/p/chair`],
        interval: 60,
        max_age: 0,
        deliver: 'changes',
        callback_url: 'http://127.0.0.1:9/price-moved',
      },
    });
    const body = response.json() as {
      error: boolean;
      job: { _id: string; interval: number; deliver: string };
    };
    assert.equal(body.error, false, response.body);
    assert.deepEqual([body.job.interval, body.job.deliver], [60, 'changes']);
    await harness.app.inject({ method: 'DELETE', url: `/job/${body.job._id}`, headers: auth.headers });
  });

  it('refuses a key other than url and names the allowed one', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: auth.headers,
      payload: { source: 'web', country: 'de', key: 'gtin', values: ['4006381333931'] },
    });
    const body = response.json() as { error: boolean; details: { allowed: string[] } };
    assert.equal(body.error, true);
    assert.deepEqual(body.details.allowed, ['url']);
  });
});
