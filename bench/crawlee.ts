/**
 * Crawlee comparison (issue 11, goal 2): the same `--pages` sandbox source_01/de product pages at
 * concurrency `--concurrency`, crawled by
 *   (a) Crawlee's `CheerioCrawler` (a dev dependency, in a process of its own), its handler reading
 *       the product name and every offer row (title, price, shipping, seller, availability);
 *   (b) the project's crawl engine alone: `bench/crawl.ts --mode sandbox` of each checkout;
 *   (c) the whole service of each checkout (`node --import tsx src/main/server.ts`, SQLite): batch
 *       jobs of those values (`max_age: 0`, so every value is crawled), pair limits raised and at
 *       their defaults;
 * and prints pages or values per second, CPU ms per page or value and the ratios to Crawlee.
 *
 *   npx tsx bench/crawlee.ts --against /work/wt-base [--pages 5000] [--concurrency 32] [--rounds 1]
 *                            [--pair-rps 100000] [--pair-concurrency 64] [--skip-default-limits]
 *
 * The sandbox serving (a) and (c) runs in a process of its own (bench/crawl.ts `--serve sandbox`);
 * the service reaches it with SANDBOX_ENABLED=false and SANDBOX_PORT. (b) starts its own page
 * server process the same way. CPU is that of the measured process only: Crawlee's process during
 * `crawler.run`, the engine's process during its crawl, the service's process (and any process it
 * started) from the first POST /job to the end of the last job; never the sandbox's. With `--rounds`
 * above 1 each figure is the median of the rounds, and before and after swap order every round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cleanText, parseAmount } from '../src/crawl/parse/values.ts';
import {
  checkoutsOf,
  cpuMsOf,
  log,
  printResultTable,
  median,
  ratio,
  runJsonScript,
  runBench,
  startPageServer,
  startService,
  THIS_CHECKOUT,
  type Checkout,
} from './support.ts';
import { chunked, crawlBenchValues, outcomesOf, runBatchJobs } from './support.api.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    pages: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '1' },
    'pair-rps': { type: 'string', default: '100000' },
    'pair-concurrency': { type: 'string', default: '64' },
    'skip-default-limits': { type: 'boolean', default: false },
    // Child role: run Crawlee against this sandbox origin and print its figures.
    'run-crawlee': { type: 'string' },
  },
});
const PAGES = Number(args.pages);
const CONCURRENCY = Number(args.concurrency);

/** One measured run: throughput and CPU of the measured process. */
interface Figure {
  perSecond: number;
  cpuMsPerUnit: number;
  note?: string;
}

/** Child role: Crawlee's CheerioCrawler over the bench pages, in-memory storage, fixed concurrency. */
async function runCrawlee(origin: string): Promise<void> {
  const { CheerioCrawler, Configuration, log: crawleeLog } = await import('@crawlee/cheerio');
  crawleeLog.setLevel(crawleeLog.LEVELS.WARNING);
  const storageDir = mkdtempSync(join(tmpdir(), 'pricecrawl-bench-crawlee-'));
  // Nothing written to disk, and a private directory should anything be.
  const config = new Configuration({
    persistStorage: false,
    purgeOnStart: true,
    storageClientOptions: { localDataDirectory: storageDir },
  });
  const { baseUrl, values } = await crawlBenchValues(origin, PAGES);
  const counts = { found: 0, not_found: 0, failed: 0, offers: 0 };
  const crawler = new CheerioCrawler(
    {
      // Crawlee's scaling guide: minConcurrency = maxConcurrency fixes the pool's concurrency, so
      // its system-status autoscaling (which a 2-core machine shared by others trips) never
      // throttles it below what the engine and the service get.
      minConcurrency: CONCURRENCY,
      maxConcurrency: CONCURRENCY,
      requestHandler: async ({ $, response }) => {
        if (response.statusCode === 404) return void (counts.not_found += 1);
        const jsonLd = JSON.parse($('script[type="application/ld+json"]').first().text()) as {
          name?: string;
        };
        const name = cleanText($('.oopStage-title').text()) || String(jsonLd.name ?? '');
        const offers = $('li.productOffers-listItem')
          .toArray()
          .map((element) => {
            const row = $(element);
            return {
              title: cleanText(row.find('.productOffers-listItemTitleInner').text()),
              price: parseAmount(row.find('.productOffers-listItemOfferPrice').text()),
              shipping: parseAmount(row.find('.productOffers-listItemOfferShippingDetails').text()),
              seller: row.find('.productOffers-listItemOfferShopV2LogoImage').attr('alt') ?? null,
              availability: cleanText(row.find('.productOffers-listItemOfferDeliveryStatus').text()),
            };
          });
        if (name === '' || offers.length === 0 || offers.some((offer) => offer.price === null)) {
          throw new Error(`not a product page: ${response.url}`);
        }
        counts.found += 1;
        counts.offers += offers.length;
      },
      failedRequestHandler: () => void (counts.failed += 1),
    },
    config,
  );
  const requests = values.map((value, i) => ({
    url: `${baseUrl}/preisvergleich/OffersOfProduct/${value}.html`,
    uniqueKey: String(i), // the same page again is a new request, as in the engine's run
  }));
  const cpuBefore = process.cpuUsage();
  const startedMs = performance.now();
  await crawler.run(requests);
  const elapsedMs = performance.now() - startedMs;
  const cpu = process.cpuUsage(cpuBefore);
  rmSync(storageDir, { recursive: true, force: true });
  const pages = counts.found + counts.not_found + counts.failed;
  const report = {
    ...counts,
    elapsed_s: Number((elapsedMs / 1000).toFixed(2)),
    pages_per_s: Math.round(pages / (elapsedMs / 1000)),
    cpu_ms_per_page: Number(((cpu.user + cpu.system) / 1000 / pages).toFixed(3)),
  };
  console.log(JSON.stringify(report, null, 2));
}

async function measureCrawlee(origin: string): Promise<Figure> {
  const self = join(THIS_CHECKOUT, 'bench/crawlee.ts');
  const flags = ['--run-crawlee', origin, '--pages', String(PAGES), '--concurrency', String(CONCURRENCY)];
  const report = await runJsonScript(THIS_CHECKOUT, self, flags);
  log(`crawlee: ${JSON.stringify(report)}`);
  return {
    perSecond: report.pages_per_s as number,
    cpuMsPerUnit: report.cpu_ms_per_page as number,
    note: `${report.found} found, ${report.not_found} not found, ${report.failed} failed`,
  };
}

async function measureEngine(checkout: Checkout): Promise<Figure> {
  const flags = ['--mode', 'sandbox', '--pages', String(PAGES), '--concurrency', String(CONCURRENCY)];
  const report = await runJsonScript(checkout.dir, 'bench/crawl.ts', flags);
  const outcomes = report.outcomes as Record<string, number>;
  log(`engine ${checkout.label}: ${JSON.stringify(report)}`);
  return {
    perSecond: report.pages_per_s as number,
    cpuMsPerUnit: report.cpu_ms_per_page as number,
    note: `${outcomes.found} found, ${outcomes.not_found} not found, ${outcomes.failed} failed`,
  };
}

async function measureService(
  checkout: Checkout,
  sandboxPort: number,
  values: string[],
  limits: Record<string, string>,
): Promise<Figure> {
  const service = await startService(checkout, {
    SANDBOX_ENABLED: 'false',
    SANDBOX_PORT: String(sandboxPort),
    WORKER_CONCURRENCY: String(CONCURRENCY),
    ...limits,
  });
  try {
    // Jobs of distinct values (a job de-duplicates its values); `max_age: 0` crawls every one.
    const chunks = chunked(values, Math.min(1000, new Set(values).size));
    const cpuBefore = cpuMsOf(service.pid);
    const startedMs = performance.now();
    const jobIds = await runBatchJobs(service, chunks, { max_age: 0 });
    const seconds = (performance.now() - startedMs) / 1000;
    const cpuMs = cpuMsOf(service.pid) - cpuBefore;
    const outcomes = await outcomesOf(service, jobIds);
    log(
      `service ${checkout.label} ${JSON.stringify(limits)}: ${seconds.toFixed(1)} s, ${JSON.stringify(outcomes)}`,
    );
    return {
      perSecond: Math.round(values.length / seconds),
      cpuMsPerUnit: Number((cpuMs / values.length).toFixed(3)),
      note: Object.entries(outcomes)
        .map(([outcome, count]) => `${count} ${outcome}`)
        .join(', '),
    };
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  if (args['run-crawlee'] !== undefined) return runCrawlee(args['run-crawlee']);
  const sandbox = await startPageServer('sandbox');
  const raised = {
    CRAWL_PAIR_RPS: String(args['pair-rps']),
    CRAWL_PAIR_CONCURRENCY: String(args['pair-concurrency']),
  };
  const figures = new Map<string, Figure[]>();
  const add = (what: string, figure: Figure) => figures.set(what, [...(figures.get(what) ?? []), figure]);
  try {
    const { values } = await crawlBenchValues(sandbox.origin, PAGES);
    for (let round = 0; round < Number(args.rounds); round += 1) {
      log(`round ${round + 1}: Crawlee`);
      add('crawlee', await measureCrawlee(sandbox.origin));
      for (const checkout of checkoutsOf(args.against, round)) {
        log(`round ${round + 1}: engine ${checkout.label}`);
        add(`engine ${checkout.label}`, await measureEngine(checkout));
      }
      for (const checkout of checkoutsOf(args.against, round)) {
        log(`round ${round + 1}: service ${checkout.label}, pair limits raised`);
        add(`raised ${checkout.label}`, await measureService(checkout, sandbox.port, values, raised));
      }
      if (args['skip-default-limits'] === true) continue;
      for (const checkout of checkoutsOf(args.against, round)) {
        log(`round ${round + 1}: service ${checkout.label}, default pair limits`);
        add(`default ${checkout.label}`, await measureService(checkout, sandbox.port, values, {}));
      }
    }
  } finally {
    await sandbox.stop();
  }
  printTable(figures);
}

function printTable(figures: Map<string, Figure[]>): void {
  const summary = (what: string): Figure | undefined => {
    const runs = figures.get(what);
    if (!runs) return undefined;
    return {
      perSecond: median(runs.map((run) => run.perSecond)),
      cpuMsPerUnit: median(runs.map((run) => run.cpuMsPerUnit)),
      note: runs.at(-1)?.note ?? '',
    };
  };
  const crawlee = summary('crawlee');
  const rows: string[][] = [];
  const row = (what: string, label: string, unit: string, measured: string) => {
    const figure = summary(what);
    if (!figure) return;
    const checkout = what.split(' ')[1] ?? '';
    const before = checkout === 'after' ? summary(what.replace('after', 'before')) : undefined;
    rows.push([
      label,
      checkout === '' ? '' : checkout,
      `${figure.perSecond} ${unit}/s`,
      ratio(figure.perSecond, crawlee?.perSecond),
      before ? ratio(figure.perSecond, before.perSecond) : '',
      `${figure.cpuMsPerUnit.toFixed(2)} ms`,
      // Work per CPU second against Crawlee's: steadier than the rate on a loaded machine.
      ratio(crawlee?.cpuMsPerUnit, figure.cpuMsPerUnit),
      before ? ratio(figure.cpuMsPerUnit, before.cpuMsPerUnit) : '',
      measured,
      figure.note ?? '',
    ]);
  };
  row('crawlee', 'Crawlee 3.18 CheerioCrawler', 'pages', 'Crawlee process');
  for (const label of ['before', 'after'])
    row(`engine ${label}`, 'crawl engine alone (bench/crawl.ts)', 'pages', 'engine process');
  const limits = `pair limits raised (RPS ${args['pair-rps']}, concurrency ${args['pair-concurrency']})`;
  for (const label of ['before', 'after'])
    row(`raised ${label}`, `whole service, batch jobs, ${limits}`, 'values', 'service process');
  for (const label of ['before', 'after'])
    row(`default ${label}`, 'whole service, batch jobs, default pair limits', 'values', 'service process');
  const header = [
    'what',
    'checkout',
    'rate',
    '× Crawlee',
    'rate after/before',
    'CPU per page or value',
    '× Crawlee per CPU',
    'CPU after/before',
    'CPU of',
    'outcomes',
  ];
  printResultTable(
    `${PAGES} sandbox source_01/de pages, concurrency ${CONCURRENCY}, ${args.rounds} round(s) (medians)`,
    header,
    rows,
    args.against,
  );
}

runBench(main);
