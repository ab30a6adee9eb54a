/**
 * Crawl engine benchmark: crawls N pages through the engine (fetcher, politeness, provenance,
 * driver) and prints pages per second, CPU per page and peak memory of the crawling process.
 *
 *   npx tsx bench/crawl.ts [--pages 10000] [--concurrency 64] [--mode auto|local|sandbox] [--page-kb 60]
 *                          [--target source_01|'source_02 product'|'source_02 search'|…] [--weight light|real]
 *                          [--warm-up 0] [--compute-threads 0]
 *
 * The page server runs in a child process so that its CPU does not count against the crawler.
 * `sandbox` crawls source_01 `id` values of the sandbox marketplace with the real driver; `local`
 * serves synthetic product pages and parses them with a minimal JSON-LD driver; `auto` (the default)
 * is `sandbox`. `--target` crawls another source and page kind of the sandbox (bench/real-targets.ts),
 * `--weight real` has the sandbox serve real-size pages (`SANDBOX_PAGE_WEIGHT=real`). `--warm-up N`
 * crawls N pages first and measures only what follows: the steady rate, without the first pages'
 * module loading and compiling (tsx's, here) or the page server drawing its pool. `--compute-threads`
 * parses on that many compute threads, as the service does with COMPUTE_THREADS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type {
  CrawlContext,
  DriverOutcome,
  SourceDriver,
  ValueQuery,
} from '../src/crawl/vocabulary/crawl.types.ts';
import { PageParseError } from '../src/crawl/vocabulary/crawl.errors.ts';
import { sourceModules } from '../src/crawl/sources/sources.registry.ts';
import {
  createCrawlEngine,
  type CrawlEngine,
  type CrawlValueInput,
} from '../src/crawl/engine/crawl.engine.ts';
import { createComputePool } from '../src/crawl/compute/compute.pool.ts';
import type { PageWeight } from '../src/sandbox/sandbox.types.ts';
import { benchTarget, targetValues, type BenchTarget, type Truth } from './real-targets.ts';

type Mode = 'local' | 'sandbox';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '64' },
    mode: { type: 'string', default: 'auto' },
    'page-kb': { type: 'string', default: '60' },
    serve: { type: 'string' },
    target: { type: 'string', default: 'source_01' },
    // Distinct values crawled in turn (0: every value of the target); real-size benches use 64.
    pool: { type: 'string', default: '0' },
    weight: { type: 'string', default: 'light' },
    // Page server role with `--weight real`: answer the target's stand-in values (bench/stream.ts).
    'stand-ins': { type: 'boolean', default: false },
    // Compute threads the engine parses on, as the service's COMPUTE_THREADS (0: on the crawling thread).
    'compute-threads': { type: 'string', default: '0' },
    // Pages crawled first and not measured (modules loaded, code compiled, the page server's pool drawn).
    'warm-up': { type: 'string', default: '0' },
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
    const app = buildSandboxApp({ pageWeight: args.weight as PageWeight });
    if (args.weight === 'real')
      servePagesOnce(
        app,
        args['stand-ins'] ? standInPages(app, benchTarget(String(args.target))) : undefined,
      );
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

/**
 * Keeps each real-size page the sandbox drew and answers it again from memory: drawing 1.5 MB of
 * filler costs the page server about as much CPU as parsing it costs the crawler, and on a shared
 * 2-core machine that server would bound every crawler's rate. The crawlers still fetch and parse
 * every page each time. The pool of values is small (`--pool`), so the kept pages are too. A page
 * is kept as its UTF-8 bytes: sent as text, each answer encoded the page again (7.6 ms of the
 * server's CPU per 1.5 MB page against the engine's 4, so the server, not the crawler, set the
 * engine's and the service's pages/s).
 */
function servePagesOnce(app: FastifyInstance, standIn?: (url: string) => Promise<Buffer | undefined>): void {
  const pages = new Map<string, Buffer>();
  // Answers from memory are not kept again: a stand-in page kept per URL would hold every page of
  // a 20 000-value stream (30 GB; the first run of bench/stream.ts ran this server out of memory).
  const fromMemory = new WeakSet<object>();
  app.addHook('onRequest', async (request, reply) => {
    const page = pages.get(request.url) ?? (await standIn?.(request.url));
    if (page === undefined) return;
    fromMemory.add(request);
    return reply.code(200).type('text/html; charset=utf-8').send(page);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    const drawn = reply.statusCode === 200 && html && !fromMemory.has(request);
    if (drawn && typeof payload === 'string') pages.set(request.url, Buffer.from(payload));
    return payload;
  });
}

/**
 * The page of a stand-in value's URL (`BenchTarget.standIns`), or undefined for any other URL: the
 * page of pool value n mod `--pool`, drawn once through the app, with that value's code replaced by
 * the stand-in's wherever the page writes it. A stream of 20 000 distinct values thus crawls
 * 20 000 real-size pages while the server keeps only the pool's. Built as bytes (the page's parts
 * between the code's places, joined with the stand-in's code): joining them as text and encoding
 * the 1.5 MB answer cost the server more CPU per page than the service spends on it.
 */
function standInPages(
  app: FastifyInstance,
  target: BenchTarget,
): (url: string) => Promise<Buffer | undefined> {
  const standIns = target.standIns;
  if (standIns === undefined) throw new Error(`${target.name} has no stand-in values`);
  const poolSize = Number(args.pool);
  const templates = new Map<string, Buffer[]>();
  let pool: Promise<{ basePath: string; values: string[] }> | undefined;
  const poolOf = async () => {
    const answer = await app.inject(`/catalog.json?source=${target.source}&country=${target.country}`);
    const truth = JSON.parse(answer.body) as Truth;
    const values = target.valuesOf(truth);
    return {
      basePath: new URL(truth.base_url).pathname,
      values: poolSize > 0 ? values.slice(0, poolSize) : values,
    };
  };
  return async (url) => {
    const value = decodeURIComponent(url.split('?')[0]?.split('/').at(-1) ?? '');
    const n = standIns.numberOf(value);
    if (n === undefined) return undefined;
    pool ??= poolOf();
    const { basePath, values } = await pool;
    if (url !== basePath + target.path(value)) return undefined;
    const original = values[n % values.length] as string;
    let template = templates.get(original);
    if (template === undefined) {
      const page = await app.inject(basePath + target.path(original));
      if (page.statusCode !== 200) throw new Error(`pool page of ${original}: HTTP ${page.statusCode}`);
      template = page.body.split(original).map((part) => Buffer.from(part));
      templates.set(original, template);
    }
    const code = Buffer.from(value);
    return Buffer.concat(template.flatMap((part, index) => (index === 0 ? [part] : [code, part])));
  };
}

async function startChild(mode: Mode): Promise<{ child: ChildProcess; origin: string }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      self,
      '--serve',
      mode,
      '--page-kb',
      String(args['page-kb']),
      '--weight',
      String(args.weight),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  for await (const line of lines) {
    const port = (JSON.parse(line) as { port: number }).port;
    return { child, origin: `http://127.0.0.1:${port}` };
  }
  throw new Error('page server ended before listening');
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

/**
 * CPU milliseconds a process has used (user + system, from /proc on Linux), or undefined elsewhere:
 * the page server's share tells whether it, not the crawler, bounds pages per second.
 */
function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Clock ticks are 100 per second on every Linux this runs on (USER_HZ).
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

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
  return targetValues(benchTarget(String(args.target)), origin, pages, Number(args.pool));
}

function inputFor(
  driver: SourceDriver,
  baseUrl: string,
  target: BenchTarget,
): (value: string) => CrawlValueInput {
  return (value) => ({
    query: {
      source: target.source,
      country: target.country,
      key: target.key,
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
  // `memoryUsage()` walks every heap space (about a millisecond on a loaded machine): the resident
  // size, read often, is its cheap `rss()`; the heap is read every 20th sample.
  let samples = 0;
  const sample = (): void => {
    peak.rssBytes = Math.max(peak.rssBytes, process.memoryUsage.rss());
    if (samples++ % 20 === 0)
      peak.heapUsedBytes = Math.max(peak.heapUsedBytes, process.memoryUsage().heapUsed);
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
  const { child, origin } = await startChild(mode);
  const { baseUrl, values } = await valuesFor(mode, origin, Number(args.pages));
  const target = benchTarget(String(args.target));
  const driver =
    mode === 'sandbox' ? (target.pageDriver ?? sourceModules[target.source].driver) : localDriver;
  const threads = Number(args['compute-threads']);
  const compute = threads > 0 ? createComputePool({ threads, logger: pino({ level: 'silent' }) }) : undefined;
  // Politeness is opened wide: the bench measures the engine's own cost, not the configured rate.
  const engine = createCrawlEngine({
    fetcherOptions: { perPairConcurrency: concurrency, perPairRequestsPerSecond: 1e9, perPairBurst: 1e6 },
    offload: compute?.offload,
  });
  const input = inputFor(driver, baseUrl, target);
  const warmUp = Number(args['warm-up']);
  if (warmUp > 0) await measure(engine, values.slice(0, warmUp), input, concurrency);
  const serverCpuBeforeMs = processCpuMs(child.pid);
  const { counts, elapsedMs, cpuMs, peak } = await measure(engine, values, input, concurrency);
  const serverCpuMs = (processCpuMs(child.pid) ?? Number.NaN) - (serverCpuBeforeMs ?? Number.NaN);
  await engine.close();
  await compute?.close();
  child.kill();
  const report = {
    mode,
    target: target.name,
    weight: args.weight,
    values: values.length,
    pages_fetched: counts.fetches,
    outcomes: { found: counts.found, not_found: counts.not_found, failed: counts.failed },
    concurrency,
    compute_threads: threads,
    warm_up_pages: warmUp,
    elapsed_s: Number((elapsedMs / 1000).toFixed(2)),
    pages_per_s: Math.round(counts.fetches / (elapsedMs / 1000)),
    cpu_ms_per_page: Number((cpuMs / counts.fetches).toFixed(3)),
    page_server_cpu_ms_per_page: Number.isNaN(serverCpuMs)
      ? null
      : Number((serverCpuMs / counts.fetches).toFixed(3)),
    peak_rss_mb: Number((peak.rssBytes / 2 ** 20).toFixed(1)),
    peak_heap_used_mb: Number((peak.heapUsedBytes / 2 ** 20).toFixed(1)),
    node: process.version,
  };
  console.log(JSON.stringify(report, null, 2));
}

await main();
