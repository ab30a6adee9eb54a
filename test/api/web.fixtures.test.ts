/**
 * The whole `web` path on real shop pages (issue 21 point 5): the dev half of
 * ../shared/fixtures/product-pages/ is answered at the pages' original URLs (as http://, the way
 * `EGRESS_PROXIES` sends plain-http requests) by a loopback forward proxy; one `web` job over all
 * of them runs through the API with that proxy (robots.txt, per-host politeness, extraction on the
 * compute path, results, CSV), and the price F1 of the downloaded CSV is printed and held above a
 * floor. Nothing leaves the machine: the proxy answers every request itself.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { after, before, describe, it } from 'node:test';
import {
  DEFAULT_FIXTURE_DIR,
  fixturesPresent,
  inHalf,
  type PageTruth,
} from '../../src/crawl/extract/benchmark.ts';
import { decodeHtml } from '../../src/crawl/extract/decode.ts';
import { judge, metricsOf } from '../../src/crawl/extract/score.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { startPageProxy, type PageProxy, type ProxiedPage } from '../support/page-proxy.ts';
import { runJob } from '../support/run-job.ts';

/**
 * A little under the price F1 measured when it was set (0.957 on the 73 dev pages, the
 * extractor's own dev figure: the path loses nothing; docs/extraction.md), so one lost page
 * still passes and two fail.
 */
const PRICE_F1_FLOOR = 0.935;

/** Why the test cannot run; under CI a missing fixture is a failure, not a skip. */
function skipReason(): string | false {
  if (fixturesPresent(DEFAULT_FIXTURE_DIR) || process.env['CI'] === 'true') return false;
  return `../shared/fixtures/product-pages not found at ${DEFAULT_FIXTURE_DIR}; the web end-to-end test needs it`;
}

/** The page's original address as plain http, without its fragment (what the proxy is asked). */
function httpAddress(original: string): string {
  const url = new URL(original);
  url.protocol = 'http:';
  url.hash = '';
  return url.href;
}

interface DevPage {
  id: string;
  url: string;
  truth: PageTruth;
}

function devPages(): { pages: DevPage[]; served: Map<string, ProxiedPage> } {
  const truth = JSON.parse(readFileSync(join(DEFAULT_FIXTURE_DIR, 'ground-truth.json'), 'utf8')) as Record<
    string,
    PageTruth
  >;
  const pages: DevPage[] = [];
  const served = new Map<string, ProxiedPage>();
  for (const file of readdirSync(join(DEFAULT_FIXTURE_DIR, 'html')).sort()) {
    const id = file.replace(/\.html\.gz$/u, '');
    const record = truth[id];
    if (!file.endsWith('.html.gz') || record === undefined || !inHalf(id, 'dev')) continue;
    const url = httpAddress(record.url);
    if (served.has(url)) continue; // one page per address: the job de-duplicates its values
    served.set(url, { body: decodeHtml(readFileSync(join(DEFAULT_FIXTURE_DIR, 'html', file))) });
    pages.push({ id, url, truth: record });
  }
  return { pages, served };
}

function acceptable(truth: PageTruth): string[] {
  const value = truth['price'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

describe('web jobs end to end on the real product pages (dev half)', { skip: skipReason() }, () => {
  let harness: Harness;
  let proxy: PageProxy;
  let pages: DevPage[];

  before(async () => {
    const dev = devPages();
    pages = dev.pages;
    proxy = await startPageProxy(dev.served);
    harness = await startHarness({
      env: {
        EGRESS_PROXIES: JSON.stringify({ de: [proxy.url] }),
        // The proxy is on loopback: the one address the crawl may reach here.
        CRAWL_ALLOW_HOSTS: '127.0.0.1',
      },
    });
  });

  after(async () => {
    await harness?.close();
    await proxy?.close();
  });

  it(`keeps the price F1 of one web job's CSV over every dev page at or above ${PRICE_F1_FLOOR}`, async () => {
    const auth = await harness.account({ credits: 1000 });
    const values = pages.map((page) => page.url);
    const { jobId, results } = await runJob(harness, auth.headers, {
      source: 'web',
      country: 'de',
      key: 'url',
      values,
    });
    assert.equal(results.length, pages.length);
    const csv = await harness.app.inject({
      method: 'GET',
      url: `/job/${jobId}/download?format=csv`,
      headers: auth.headers,
    });
    const rows = parse(csv.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    const priceOf = new Map(rows.map((row) => [row['key'] ?? '', row['price'] || null]));
    const counts = pages.map((page) => judge('price', acceptable(page.truth), priceOf.get(page.url) ?? null));
    const metrics = metricsOf(counts);
    const robots = proxy.requested.filter((url) => url.endsWith('/robots.txt')).length;
    const hosts = new Set(pages.map((page) => new URL(page.url).host)).size;
    console.log(
      `web end to end, dev half: ${pages.length} pages, ${hosts} hosts; price P ${metrics.precision.toFixed(3)} ` +
        `R ${metrics.recall.toFixed(3)} F1 ${metrics.f1.toFixed(3)} (tp ${metrics.tp}, fp ${metrics.fp}, fn ${metrics.fn}); ` +
        `robots.txt fetched ${robots} times`,
    );
    // robots.txt once per host, whatever number of pages the host has.
    assert.equal(robots, hosts);
    // Every request carried the service's own user agent, never a browser's.
    assert.ok(proxy.headers.every((headers) => String(headers['user-agent']).startsWith('Pricecrawl/1.0')));
    assert.ok(metrics.f1 >= PRICE_F1_FLOOR, `price F1 ${metrics.f1.toFixed(3)} below ${PRICE_F1_FLOOR}`);
  });
});
