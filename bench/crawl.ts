/**
 * Crawl engine benchmark: crawls N pages through the engine (fetcher, politeness, provenance,
 * driver) and prints pages per second, CPU per page and peak memory of the crawling process.
 *
 *   npx tsx bench/crawl.ts [--pages 10000] [--concurrency 64] [--mode auto|local|sandbox] [--page-kb 60]
 *
 * The page server runs in a child process so that its CPU does not count against the crawler.
 * `sandbox` crawls source_01 `id` values of the sandbox marketplace with the real driver; `local`
 * serves synthetic product pages and parses them with a minimal JSON-LD driver; `auto` (the default)
 * is `sandbox`.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { CrawlContext, DriverOutcome, SourceDriver, ValueQuery } from '../src/crawl/crawl.types.ts';
import { PageParseError } from '../src/crawl/crawl.errors.ts';
import { sourceModules } from '../src/sources/sources.registry.ts';
import { createCrawlEngine, type CrawlEngine, type CrawlValueInput } from '../src/crawl/crawl.engine.ts';
import { startPageServer } from './support.ts';
import { crawlBenchValues } from './support.api.ts';

type Mode = 'local' | 'sandbox';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '64' },
    mode: { type: 'string', default: 'auto' },
    'page-kb': { type: 'string', default: '60' },
    serve: { type: 'string' },
  },
});

/** A synthetic product page: navigation boilerplate, JSON-LD, an offers table, padding to size. */
function productPage(id: string, pageKb: number): string {
  const offers = Array.from({ length: 12 }, (_, i) => ({ seller: `Shop ${i}`, price: 19.99 + i * 1.5 }));
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `Product ${id}`,
    sku: id,
    offers: { '@type': 'AggregateOffer', lowPrice: 19.99, priceCurrency: 'EUR', offerCount: offers.length },
  });
  const rows = offers.map(
    (o) => `<tr class="offer"><td>${o.seller}</td><td>${o.price.toFixed(2)} €</td></tr>`,
  );
  const nav = Array.from({ length: 40 }, (_, i) => `<li><a href="/c/${i}">Category ${i}</a></li>`).join('');
  const head = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Product ${id}</title>`;
  const body = `<script type="application/ld+json">${jsonLd}</script></head><body><nav><ul>${nav}</ul></nav><table>${rows.join('')}</table>`;
  const padding = Math.max(0, pageKb * 1024 - head.length - body.length - 40);
  return `${head}${body}<div class="reviews">${'<p>Great value, would buy again.</p>'.repeat(padding / 37)}</div></body></html>`;
}

/** Child role: serve pages and print `{"port":N}` on stdout. */
async function serve(mode: Mode): Promise<void> {
  if (mode === 'sandbox') {
    const { buildSandboxApp } = await import('../src/sandbox/index.ts');
    const app = buildSandboxApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port }));
    return;
  }
  const pageKb = Number(args['page-kb']);
  const server = createServer((request, response) => {
    const id = /^\/product\/(p\d+)$/.exec(request.url ?? '')?.[1];
    if (!id) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>not found</body></html>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage(id, pageKb));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
}

/** Local-mode driver: reads the JSON-LD of a synthetic page. */
const localDriver: SourceDriver = {
  source: 'source_01',
  async crawl(context: CrawlContext, query: ValueQuery): Promise<DriverOutcome> {
    const page = await context.fetchPage({
      url: `${context.baseUrl}/product/${query.value}`,
      jobType: 'product',
    });
    const billable = { extraResultPages: 0, sellerPages: 0 };
    if (page.status === 404) return { status: 'not_found', billable };
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.body)?.[1];
    if (json === undefined) throw new PageParseError('no JSON-LD');
    const product = JSON.parse(json) as { sku: string; name: string; offers: { lowPrice: number } };
    return {
      status: 'found',
      content: { product_id: product.sku, name: product.name, price_min: product.offers.lowPrice },
      billable,
    };
  },
};

async function valuesFor(
  mode: Mode,
  origin: string,
  pages: number,
): Promise<{ baseUrl: string; values: string[] }> {
  if (mode === 'local') {
    // One in twenty values does not exist (404), as in real jobs.
    return {
      baseUrl: origin,
      values: Array.from({ length: pages }, (_, i) => (i % 20 === 19 ? `x${i}` : `p${i}`)),
    };
  }
  return crawlBenchValues(origin, pages);
}

function inputFor(driver: SourceDriver, baseUrl: string): (value: string) => CrawlValueInput {
  return (value) => ({
    query: {
      source: 'source_01',
      country: 'de',
      key: 'id',
      topic: 'search',
      value,
      maxPages: 1,
      sortBy: 'ranking_descending',
      fetchSellerNames: false,
    },
    driver,
    baseUrl,
    deadline: new Date(Date.now() + 600_000),
    conversions: { get: async () => undefined, set: async () => undefined, remove: async () => undefined },
    sellerNames: { getMany: async () => new Map(), set: async () => undefined },
  });
}

interface Measurement {
  counts: { found: number; not_found: number; failed: number; fetches: number };
  elapsedMs: number;
  cpuMs: number;
  peak: { rssBytes: number; heapUsedBytes: number };
}

/** Crawls every value with `concurrency` values in flight; measures time, CPU and peak memory. */
async function measure(
  engine: CrawlEngine,
  values: readonly string[],
  input: (value: string) => CrawlValueInput,
  concurrency: number,
): Promise<Measurement> {
  const peak = { rssBytes: 0, heapUsedBytes: 0 };
  const sample = (): void => {
    const memory = process.memoryUsage();
    peak.rssBytes = Math.max(peak.rssBytes, memory.rss);
    peak.heapUsedBytes = Math.max(peak.heapUsedBytes, memory.heapUsed);
  };
  const sampler = setInterval(sample, 25);
  const counts = { found: 0, not_found: 0, failed: 0, fetches: 0 };
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const startedMs = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < values.length) {
        const result = await engine.crawlValue(input(values[next++] as string));
        counts.fetches += result.crawls.length;
        if ('failure' in result) counts.failed += 1;
        else counts[result.outcome.status] += 1;
      }
    }),
  );
  const elapsedMs = performance.now() - startedMs;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  sample();
  return { counts, elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000, peak };
}

async function main(): Promise<void> {
  if (args.serve) return serve(args.serve as Mode);
  const concurrency = Number(args.concurrency);
  const mode: Mode = args.mode === 'auto' ? 'sandbox' : (args.mode as Mode);
  const pageServer = await startPageServer(mode, Number(args['page-kb']));
  const { origin } = pageServer;
  const { baseUrl, values } = await valuesFor(mode, origin, Number(args.pages));
  const driver = mode === 'sandbox' ? sourceModules.source_01.driver : localDriver;
  // Politeness is opened wide: the bench measures the engine's own cost, not the configured rate.
  const engine = createCrawlEngine({
    fetcherOptions: { perPairConcurrency: concurrency, perPairRequestsPerSecond: 1e9, perPairBurst: 1e6 },
  });
  const { counts, elapsedMs, cpuMs, peak } = await measure(
    engine,
    values,
    inputFor(driver, baseUrl),
    concurrency,
  );
  await engine.close();
  await pageServer.stop();
  const report = {
    mode,
    values: values.length,
    pages_fetched: counts.fetches,
    outcomes: { found: counts.found, not_found: counts.not_found, failed: counts.failed },
    concurrency,
    elapsed_s: Number((elapsedMs / 1000).toFixed(2)),
    pages_per_s: Math.round(counts.fetches / (elapsedMs / 1000)),
    cpu_ms_per_page: Number((cpuMs / counts.fetches).toFixed(3)),
    peak_rss_mb: Number((peak.rssBytes / 2 ** 20).toFixed(1)),
    peak_heap_used_mb: Number((peak.heapUsedBytes / 2 ** 20).toFixed(1)),
    node: process.version,
  };
  console.log(JSON.stringify(report, null, 2));
}

await main();
