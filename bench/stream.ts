/**
 * Stream benchmark (issue 5, issue 11 goal 1: 100 000 values ≤ 120 s end to end, ≤ 512 MiB peak
 * RSS): starts each checkout's service on the embedded default (`node --import tsx
 * src/main/server.ts`: SQLite, SQL queue, the sandbox as `npm start` runs it), submits a stream of
 * `--values` source_01/de values (default 100 000) to a local receiver that verifies every
 * signature, and prints end-to-end seconds, values per second, the service's peak memory and whether
 * every result arrived once, before and after, with pair limits raised and at their defaults.
 *
 *   npx tsx bench/stream.ts --against /work/wt-base [--values 100000] [--batch-size 100]
 *                           [--pair-rps 100000] [--pair-concurrency 64] [--skip-default-limits]
 *                           [--skip-raised-limits] [--drain]
 *
 * Real-size pages (issue 23: a 20 000-value stream at least ×2 Crawlee's pages/s on the same pages):
 *
 *   npx tsx bench/stream.ts --weight real --values 20000 --skip-default-limits
 *                           [--target 'source_02 product'] [--pool 64] [--crawlee-pages 2000]
 *
 * The sandbox then runs in a page server of its own serving `SANDBOX_PAGE_WEIGHT=real` pages (kept
 * once drawn, as bench/real-pages.ts serves them), and the service reaches it with
 * SANDBOX_ENABLED=false. The stream's values are the target's first `--pool` values, then stand-ins
 * whose pages are the pool's with the code replaced (`BenchTarget.standIns`): every value is a
 * distinct real-size page. Crawlee's `CheerioCrawler` first reads `--crawlee-pages` of the pool's
 * pages from the same server at the service's concurrency (`WORKER_CONCURRENCY`, default 32),
 * its handler reading the fields the driver reads; the table adds its pages/s and the ratio.
 *
 * Without `--against` only this checkout runs. Only the ports, DATA_DIR (a fresh temporary
 * directory), the demo key, CALLBACK_ALLOW_HOSTS (the receiver is on loopback), the API's rate limit
 * (bench/support.ts raises it for every bench) and, in the raised runs, CRAWL_PAIR_RPS and
 * CRAWL_PAIR_CONCURRENCY are set; everything else is the default. Peak RSS
 * is the service process's `VmHWM`; `tree` adds any process it started (sampled every 0.5 s).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchTarget, streamTargetValues } from './real-targets.ts';
import {
  checkoutsOf,
  log,
  markdownTable,
  ratio,
  runJsonScript,
  runNote,
  startPageServer,
  startService,
  THIS_CHECKOUT,
  watchMemory,
  type Checkout,
  type PageServer,
} from './support.ts';
import {
  callApi,
  startStreamReceiver,
  streamBenchValues,
  submitStream,
  waitUntil,
  type StreamTally,
} from './support.api.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    values: { type: 'string', default: '100000' },
    'batch-size': { type: 'string', default: '100' },
    'pair-rps': { type: 'string', default: '100000' },
    'pair-concurrency': { type: 'string', default: '64' },
    'skip-default-limits': { type: 'boolean', default: false },
    'skip-raised-limits': { type: 'boolean', default: false },
    // Malformed GTINs instead of ids: every result exists at submission, so the run measures how
    // fast the sender drains deliveries, without the crawl in the way.
    drain: { type: 'boolean', default: false },
    target: { type: 'string', default: 'source_01' },
    weight: { type: 'string', default: 'light' },
    pool: { type: 'string', default: '64' },
    concurrency: { type: 'string', default: '32' },
    'crawlee-pages': { type: 'string', default: '2000' },
  },
});
const DRAIN = args.drain === true;
const REAL = args.weight === 'real';
const TARGET = benchTarget(String(args.target));
const VALUE_COUNT = Number(args.values);
const BATCH_SIZE = Number(args['batch-size']);

/** A 13-digit GTIN whose check digit is wrong (a `parameter_invalid` value). */
function badGtin(body12: number): string {
  const digits = String(body12).padStart(12, '0');
  const sum = [...digits].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(((10 - (sum % 10)) % 10) + 1) % 10}`;
}

interface StreamFigure {
  seconds: number;
  submitMs: number;
  peakMiB: number;
  treePeakMiB: number;
  tally: StreamTally;
  counters: Record<string, unknown>;
}

/** The stream's values: the light sandbox's source_01 ids, malformed GTINs, or a target's real-size pages. */
async function valuesOf(origin: string): Promise<{ fields: Record<string, unknown>; values: string[] }> {
  if (REAL) {
    const values = await streamTargetValues(TARGET, origin, VALUE_COUNT, Number(args.pool));
    return { fields: { source: TARGET.source, country: TARGET.country, key: TARGET.key }, values };
  }
  if (DRAIN)
    return {
      fields: { key: 'gtin' },
      values: Array.from({ length: VALUE_COUNT }, (_, i) => badGtin(400_000_000_000 + i)),
    };
  return { fields: { key: 'id' }, values: await streamBenchValues(origin, VALUE_COUNT) };
}

async function runStream(
  checkout: Checkout,
  limits: Record<string, string>,
  pages: PageServer | undefined,
): Promise<StreamFigure> {
  const sandbox = pages && {
    SANDBOX_ENABLED: 'false',
    SANDBOX_PORT: String(pages.port),
    WORKER_CONCURRENCY: String(args.concurrency),
  };
  const service = await startService(checkout, { ...limits, ...sandbox });
  const memory = watchMemory(service.pid);
  const receiver = await startStreamReceiver(VALUE_COUNT);
  try {
    const { fields, values } = await valuesOf(service.sandboxOrigin);
    const startedMs = Date.now();
    const jobId = await submitStream(service, receiver, {
      ...fields,
      values,
      delivery_batch_size: BATCH_SIZE,
    });
    const submitMs = Date.now() - startedMs;
    log(`${checkout.label}: submitted ${VALUE_COUNT} values in ${submitMs} ms (job ${jobId})`);
    const progress = setInterval(() => {
      const { results, deliveries } = receiver.tally();
      log(
        `  ${((Date.now() - startedMs) / 1000).toFixed(0)} s: ${results} results in ${deliveries} deliveries`,
      );
    }, 15_000);
    await waitUntil('every delivery', () => receiver.complete(), 4 * 3600_000).finally(() =>
      clearInterval(progress),
    );
    const seconds = (Date.now() - startedMs) / 1000;
    const status = await callApi(service, `/stream/${jobId}`);
    const tally = receiver.tally();
    const { peakMiB, treePeakMiB } = memory.stop();
    log(`${checkout.label}: ${seconds.toFixed(1)} s, ${JSON.stringify({ ...tally, peakMiB, treePeakMiB })}`);
    return {
      seconds,
      submitMs,
      peakMiB,
      treePeakMiB,
      tally,
      counters: { values_done: status.values_done, deliveries: status.deliveries },
    };
  } finally {
    memory.stop();
    await receiver.close();
    await service.stop();
  }
}

/** Crawlee's pages/s, CPU per page and peak RSS on `--crawlee-pages` of the pool's pages. */
interface CrawleeFigure {
  perSecond: number;
  cpuMsPerPage: number;
  peakMiB: number;
}

/** Crawlee's CheerioCrawler (bench/crawlee.ts in its child role) on the page server's pool pages. */
async function runCrawlee(pages: PageServer): Promise<CrawleeFigure> {
  const flags = ['--run-crawlee', pages.origin, '--pages', String(args['crawlee-pages'])];
  flags.push('--concurrency', String(args.concurrency), '--target', TARGET.name);
  flags.push('--weight', 'real', '--pool', String(args.pool));
  const report = await runJsonScript(THIS_CHECKOUT, join(THIS_CHECKOUT, 'bench/crawlee.ts'), flags);
  log(`crawlee: ${JSON.stringify(report)}`);
  return {
    perSecond: report.pages_per_s as number,
    cpuMsPerPage: report.cpu_ms_per_page as number,
    peakMiB: report.peak_rss_mb as number,
  };
}

/** One row of the table: a checkout's stream under one setting. */
function rowOf(
  setting: string,
  label: 'before' | 'after',
  figure: StreamFigure,
  before: StreamFigure | undefined,
  crawlee: CrawleeFigure | undefined,
): string[] {
  const { tally } = figure;
  const once = tally.missing === 0 && tally.duplicated === 0 && tally.gapFree;
  const rate = VALUE_COUNT / figure.seconds;
  const tree = figure.treePeakMiB > figure.peakMiB + 1 ? ` (tree ${figure.treePeakMiB.toFixed(0)})` : '';
  const served = Object.entries(tally.servedFrom)
    .map(([from, count]) => `${count} ${from}`)
    .join(', ');
  return [
    setting,
    label,
    `${figure.seconds.toFixed(1)} s`,
    label === 'after' && before ? ratio(figure.seconds, before.seconds) : '',
    `${rate.toFixed(0)}`,
    ...(crawlee ? [`${crawlee.perSecond}`, ratio(rate, crawlee.perSecond)] : []),
    `${figure.peakMiB.toFixed(0)} MiB${tree}`,
    label === 'after' && before ? ratio(figure.peakMiB, before.peakMiB) : '',
    `${tally.deliveries}${tally.repeatedDeliveries > 0 ? ` (+${tally.repeatedDeliveries} repeated)` : ''}`,
    once
      ? `yes (${tally.results}${REAL ? `: ${served}, ${tally.unsuccessful} failed` : ''})`
      : `NO: ${tally.missing} missing, ${tally.duplicated} twice`,
    tally.badSignatures === 0 ? 'all valid' : `${tally.badSignatures} BAD`,
  ];
}

function settingsOf(): Array<{ name: string; env: Record<string, string> }> {
  const settings: Array<{ name: string; env: Record<string, string> }> = [];
  if (args['skip-raised-limits'] !== true) {
    const env = {
      CRAWL_PAIR_RPS: String(args['pair-rps']),
      CRAWL_PAIR_CONCURRENCY: String(args['pair-concurrency']),
    };
    settings.push({ name: `raised (RPS ${args['pair-rps']}, concurrency ${args['pair-concurrency']})`, env });
  }
  if (args['skip-default-limits'] !== true) settings.push({ name: 'default', env: {} });
  return settings;
}

function printTable(rows: string[][], crawlee: CrawleeFigure | undefined): void {
  const header = [
    'pair limits',
    'checkout',
    'end to end',
    'time after/before',
    'values/s',
    ...(crawlee ? ['Crawlee pages/s', '× Crawlee'] : []),
    'peak RSS',
    'RSS after/before',
    'deliveries',
    'every result once',
    'signatures',
  ];
  const mode = DRAIN ? 'drain: malformed GTINs, results exist at submission' : 'crawl: the embedded sandbox';
  if (crawlee) {
    console.log(
      `\nstream of ${VALUE_COUNT} ${TARGET.name}/${TARGET.country} values on real-size pages ` +
        `(${args.pool} pool pages, the rest stand-ins with the code replaced), deliveries of ${BATCH_SIZE}, ` +
        `concurrency ${args.concurrency}; goal ≥ ×2 Crawlee's pages/s, ≤ 512 MiB\n` +
        `Crawlee 3.18 CheerioCrawler on ${args['crawlee-pages']} of the pool's pages: ${crawlee.perSecond} pages/s, ` +
        `${crawlee.cpuMsPerPage.toFixed(2)} ms CPU per page, peak RSS ${crawlee.peakMiB.toFixed(0)} MiB\n`,
    );
  } else {
    console.log(
      `\nstream of ${VALUE_COUNT} source_01/de values (${mode}), deliveries of ${BATCH_SIZE}; goal ≤ 120 s, ≤ 512 MiB\n`,
    );
  }
  console.log(markdownTable(header, rows));
  console.log(`\n${runNote(args.against)}`);
}

async function main(): Promise<void> {
  const pages = REAL
    ? await startPageServer('sandbox', 60, [
        ...['--weight', 'real', '--stand-ins', '--target', TARGET.name, '--pool', String(args.pool)],
      ])
    : undefined;
  const rows: string[][] = [];
  let failed = false;
  let crawlee: CrawleeFigure | undefined;
  try {
    if (pages) {
      log(`Crawlee: ${args['crawlee-pages']} ${TARGET.name} pages`);
      crawlee = await runCrawlee(pages);
    }
    for (const [index, setting] of settingsOf().entries()) {
      const figures = new Map<string, StreamFigure>();
      for (const checkout of checkoutsOf(args.against, index)) {
        log(`${checkout.label}, pair limits ${setting.name}: ${VALUE_COUNT} values`);
        figures.set(checkout.label, await runStream(checkout, setting.env, pages));
      }
      for (const label of ['before', 'after'] as const) {
        const figure = figures.get(label);
        if (!figure) continue;
        const { tally } = figure;
        failed ||= tally.missing > 0 || tally.duplicated > 0 || !tally.gapFree || tally.badSignatures > 0;
        rows.push(rowOf(setting.name, label, figure, figures.get('before'), crawlee));
      }
    }
  } finally {
    await pages?.stop();
  }
  printTable(rows, crawlee);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
