/**
 * Crawlee comparison (issue 11, goal 2): the same `--pages` sandbox source_01/de product pages at
 * concurrency `--concurrency`, crawled by
 *   (a) Crawlee's `CheerioCrawler` (a dev dependency, in a process of its own), its handler reading
 *       the product name and every offer row (title, price, shipping, seller, availability);
 *   (b) the project's crawl engine alone: `bench/crawl.ts --mode sandbox` of each checkout;
 *   (c) the whole service of each checkout, as `npm start` runs it (`node bin/compiled.js
 *       main/server.js`: its build, which must be current; `--service tsx` runs
 *       `node --import tsx src/main/server.ts` instead), SQLite: batch jobs of those values
 *       (`max_age: 0`, so every value is crawled), pair limits raised and at their defaults;
 * and prints pages or values per second, CPU ms per page or value and the ratios to Crawlee.
 *
 *   npx tsx bench/crawlee.ts --against /work/wt-base [--pages 5000] [--concurrency 32] [--rounds 1]
 *                            [--pair-rps 100000] [--pair-concurrency 64] [--skip-default-limits]
 *                            [--target source_01|'source_02 product'|'source_02 search'|…]
 *                            [--weight light|real] [--pool 0] [--json] [--service compiled|tsx]
 *                            [--warm-up 0]
 *
 * `--target` picks the source and page kind (bench/real-targets.ts: Crawlee's handler reads that
 * page's fields with the driver's selectors), `--weight real` the sandbox's real-size pages, `--pool`
 * how many distinct values are crawled in turn, `--json` prints the figures as JSON (bench/real-pages.ts
 * runs this once per target), `--warm-up N` has Crawlee, the engine and the service each crawl the
 * first N pages first, unmeasured, so that each is measured at its steady rate. A search-page target
 * has no whole-service row: the service's `term` key reads the search page and the top product's
 * page.
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
import { benchTarget, targetValues } from './real-targets.ts';
import {
  checkoutsOf,
  cpuMsOf,
  log,
  printResultTable,
  median,
  ratio,
  runJsonScript,
  watchMemory,
  runBench,
  startPageServer,
  serviceEntryOf,
  startService,
  THIS_CHECKOUT,
  type Checkout,
} from './support.ts';
import { chunked, outcomesOf, runBatchJobs } from './support.api.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    pages: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '1' },
    'pair-rps': { type: 'string', default: '100000' },
    'pair-concurrency': { type: 'string', default: '64' },
    'skip-default-limits': { type: 'boolean', default: false },
    target: { type: 'string', default: 'source_01' },
    weight: { type: 'string', default: 'light' },
    pool: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
    service: { type: 'string', default: 'compiled' },
    'warm-up': { type: 'string', default: '0' },
    // Child role: run Crawlee against this sandbox origin and print its figures.
    'run-crawlee': { type: 'string' },
  },
});
const PAGES = Number(args.pages);
const CONCURRENCY = Number(args.concurrency);
const TARGET = benchTarget(String(args.target));
const SERVICE_ENTRY = serviceEntryOf(String(args.service));
const TARGET_FLAGS = ['--target', TARGET.name, '--weight', String(args.weight), '--pool', String(args.pool)];
const WARM_UP = Number(args['warm-up']);

/** One measured run: throughput, CPU and memory of the measured process. */
interface Figure {
  perSecond: number;
  cpuMsPerUnit: number;
  /** Peak resident memory of the measured process (and its children, for the service), MiB. */
  peakRssMiB?: number;
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
  const { baseUrl, values } = await targetValues(TARGET, origin, PAGES, Number(args.pool));
  const counts = { found: 0, not_found: 0, unread: 0, failed: 0, offers: 0 };
  const crawlerOf = (counts: Record<'found' | 'not_found' | 'unread' | 'failed' | 'offers', number>) =>
    new CheerioCrawler(
      {
        // Crawlee's scaling guide: minConcurrency = maxConcurrency fixes the pool's concurrency, so
        // its system-status autoscaling (which a 2-core machine shared by others trips) never
        // throttles it below what the engine and the service get.
        minConcurrency: CONCURRENCY,
        maxConcurrency: CONCURRENCY,
        requestHandler: async ({ $, response }) => {
          if (response.statusCode === 404) return void (counts.not_found += 1);
          const read = TARGET.read($ as never); // Crawlee bundles cheerio 1.0.0-rc: the same calls
          // A page without the fields is counted, not retried: a retry would cost Crawlee pages.
          if (read === 0) return void (counts.unread += 1);
          counts.found += 1;
          counts.offers += read;
        },
        failedRequestHandler: () => void (counts.failed += 1),
      },
      config,
    );
  const requestsOf = (few: readonly string[], prefix: string) =>
    few.map((value, i) => ({
      url: baseUrl + TARGET.path(value),
      uniqueKey: `${prefix}${i}`, // the same page again is a new request, as in the engine's run
    }));
  // Warmed up as the engine and the service are: a crawler of its own over the first pages, unmeasured.
  if (WARM_UP > 0) {
    const warmUpCounts = { found: 0, not_found: 0, unread: 0, failed: 0, offers: 0 };
    await crawlerOf(warmUpCounts).run(requestsOf(values.slice(0, WARM_UP), 'warm-up-'));
  }
  const crawler = crawlerOf(counts);
  const requests = requestsOf(values, '');
  const cpuBefore = process.cpuUsage();
  const startedMs = performance.now();
  await crawler.run(requests);
  const elapsedMs = performance.now() - startedMs;
  const cpu = process.cpuUsage(cpuBefore);
  rmSync(storageDir, { recursive: true, force: true });
  const pages = counts.found + counts.not_found + counts.unread + counts.failed;
  const report = {
    ...counts,
    elapsed_s: Number((elapsedMs / 1000).toFixed(2)),
    pages_per_s: Math.round(pages / (elapsedMs / 1000)),
    cpu_ms_per_page: Number(((cpu.user + cpu.system) / 1000 / pages).toFixed(3)),
    peak_rss_mb: Number((process.resourceUsage().maxRSS / 1024).toFixed(1)),
  };
  console.log(JSON.stringify(report, null, 2));
}

async function measureCrawlee(origin: string): Promise<Figure> {
  const self = join(THIS_CHECKOUT, 'bench/crawlee.ts');
  const flags = ['--run-crawlee', origin, '--pages', String(PAGES), '--concurrency', String(CONCURRENCY)];
  flags.push(...TARGET_FLAGS, '--warm-up', String(WARM_UP));
  const report = await runJsonScript(THIS_CHECKOUT, self, flags);
  log(`crawlee: ${JSON.stringify(report)}`);
  return {
    perSecond: report.pages_per_s as number,
    cpuMsPerUnit: report.cpu_ms_per_page as number,
    peakRssMiB: report.peak_rss_mb as number,
    note: `${report.found} found, ${report.unread} unread, ${report.not_found} not found, ${report.failed} failed`,
  };
}

async function measureEngine(checkout: Checkout): Promise<Figure> {
  const flags = ['--mode', 'sandbox', '--pages', String(PAGES), '--concurrency', String(CONCURRENCY)];
  // A checkout from before issue 23 knows only source_01 at the light weight.
  if (TARGET.name !== 'source_01' || args.weight !== 'light') flags.push(...TARGET_FLAGS);
  // A checkout from before this session's bench knows no warm-up: asked for none, it is not told.
  if (WARM_UP > 0) flags.push('--warm-up', String(WARM_UP));
  const report = await runJsonScript(checkout.dir, 'bench/crawl.ts', flags);
  const outcomes = report.outcomes as Record<string, number>;
  log(`engine ${checkout.label}: ${JSON.stringify(report)}`);
  return {
    perSecond: report.pages_per_s as number,
    cpuMsPerUnit: report.cpu_ms_per_page as number,
    peakRssMiB: report.peak_rss_mb as number,
    note: `${outcomes.found} found, ${outcomes.not_found} not found, ${outcomes.failed} failed`,
  };
}

async function measureService(
  checkout: Checkout,
  sandboxPort: number,
  values: string[],
  limits: Record<string, string>,
): Promise<Figure> {
  const service = await startService(
    checkout,
    {
      SANDBOX_ENABLED: 'false',
      SANDBOX_PORT: String(sandboxPort),
      WORKER_CONCURRENCY: String(CONCURRENCY),
      ...limits,
    },
    SERVICE_ENTRY,
  );
  try {
    // Jobs of distinct values (a job de-duplicates its values); `max_age: 0` crawls every one.
    const distinct = Math.min(1000, new Set(values).size);
    const chunks = chunked(values, distinct);
    const query = { source: TARGET.source, country: TARGET.country, key: TARGET.key, max_age: 0 };
    if (WARM_UP > 0) await runBatchJobs(service, chunked(values.slice(0, WARM_UP), distinct), query);
    const cpuBefore = cpuMsOf(service.pid);
    const memory = watchMemory(service.pid);
    const startedMs = performance.now();
    const jobIds = await runBatchJobs(service, chunks, query);
    const seconds = (performance.now() - startedMs) / 1000;
    const cpuMs = cpuMsOf(service.pid) - cpuBefore;
    const { treePeakMiB } = memory.stop();
    const outcomes = await outcomesOf(service, jobIds);
    log(
      `service ${checkout.label} ${JSON.stringify(limits)}: ${seconds.toFixed(1)} s, ${JSON.stringify(outcomes)}`,
    );
    return {
      perSecond: Math.round(values.length / seconds),
      cpuMsPerUnit: Number((cpuMs / values.length).toFixed(3)),
      peakRssMiB: Number(treePeakMiB.toFixed(1)),
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
  const sandbox = await startPageServer('sandbox', 60, ['--weight', String(args.weight)]);
  const raised = {
    CRAWL_PAIR_RPS: String(args['pair-rps']),
    CRAWL_PAIR_CONCURRENCY: String(args['pair-concurrency']),
  };
  const figures = new Map<string, Figure[]>();
  const add = (what: string, figure: Figure) => figures.set(what, [...(figures.get(what) ?? []), figure]);
  try {
    const { values } = await targetValues(TARGET, sandbox.origin, PAGES, Number(args.pool));
    for (let round = 0; round < Number(args.rounds); round += 1) {
      log(`round ${round + 1}: Crawlee`);
      add('crawlee', await measureCrawlee(sandbox.origin));
      for (const checkout of checkoutsOf(args.against, round)) {
        log(`round ${round + 1}: engine ${checkout.label}`);
        add(`engine ${checkout.label}`, await measureEngine(checkout));
      }
      if (TARGET.pageDriver !== undefined) continue;
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
  if (args.json) console.log(JSON.stringify(Object.fromEntries(figures)));
  else printTable(figures);
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
    `${PAGES} sandbox ${TARGET.name}/${TARGET.country} pages (${args.weight}), concurrency ${CONCURRENCY}, ${args.rounds} round(s) (medians)`,
    header,
    rows,
    args.against,
  );
}

runBench(main);
