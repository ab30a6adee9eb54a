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
 * Without `--against` only this checkout runs. Only the ports, DATA_DIR (a fresh temporary
 * directory), the demo key, CALLBACK_ALLOW_HOSTS (the receiver is on loopback), the API's rate limit
 * (bench/support.ts raises it for every bench) and, in the raised runs, CRAWL_PAIR_RPS and
 * CRAWL_PAIR_CONCURRENCY are set; everything else is the default. Peak RSS
 * is the service process's `VmHWM`; `tree` adds any process it started (sampled every 0.5 s).
 */
import { parseArgs } from 'node:util';
import {
  checkoutsOf,
  log,
  markdownTable,
  ratio,
  runNote,
  startService,
  watchMemory,
  type Checkout,
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
  },
});
const DRAIN = args.drain === true;
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

async function runStream(checkout: Checkout, limits: Record<string, string>): Promise<StreamFigure> {
  const service = await startService(checkout, limits);
  const memory = watchMemory(service.pid);
  const receiver = await startStreamReceiver(VALUE_COUNT);
  try {
    const values = DRAIN
      ? Array.from({ length: VALUE_COUNT }, (_, i) => badGtin(400_000_000_000 + i))
      : await streamBenchValues(service.sandboxOrigin, VALUE_COUNT);
    const startedMs = Date.now();
    const jobId = await submitStream(service, receiver, {
      key: DRAIN ? 'gtin' : 'id',
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

async function main(): Promise<void> {
  const raised = {
    CRAWL_PAIR_RPS: String(args['pair-rps']),
    CRAWL_PAIR_CONCURRENCY: String(args['pair-concurrency']),
  };
  const settings: Array<{ name: string; env: Record<string, string> }> = [];
  if (args['skip-raised-limits'] !== true) {
    settings.push({
      name: `raised (RPS ${args['pair-rps']}, concurrency ${args['pair-concurrency']})`,
      env: raised,
    });
  }
  if (args['skip-default-limits'] !== true) settings.push({ name: 'default', env: {} });
  const rows: string[][] = [];
  let failed = false;
  for (const [index, setting] of settings.entries()) {
    const figures = new Map<string, StreamFigure>();
    for (const checkout of checkoutsOf(args.against, index)) {
      log(`${checkout.label}, pair limits ${setting.name}: ${VALUE_COUNT} values`);
      figures.set(checkout.label, await runStream(checkout, setting.env));
    }
    const before = figures.get('before');
    for (const label of ['before', 'after'] as const) {
      const figure = figures.get(label);
      if (!figure) continue;
      const { tally } = figure;
      const once = tally.missing === 0 && tally.duplicated === 0 && tally.gapFree;
      failed ||= !once || tally.badSignatures > 0;
      const rate = VALUE_COUNT / figure.seconds;
      rows.push([
        setting.name,
        label,
        `${figure.seconds.toFixed(1)} s`,
        label === 'after' && before ? ratio(figure.seconds, before.seconds) : '',
        `${rate.toFixed(0)}`,
        `${figure.peakMiB.toFixed(0)} MiB${figure.treePeakMiB > figure.peakMiB + 1 ? ` (tree ${figure.treePeakMiB.toFixed(0)})` : ''}`,
        label === 'after' && before ? ratio(figure.peakMiB, before.peakMiB) : '',
        `${tally.deliveries}${tally.repeatedDeliveries > 0 ? ` (+${tally.repeatedDeliveries} repeated)` : ''}`,
        once ? `yes (${tally.results})` : `NO: ${tally.missing} missing, ${tally.duplicated} twice`,
        tally.badSignatures === 0 ? 'all valid' : `${tally.badSignatures} BAD`,
      ]);
    }
  }
  const header = [
    'pair limits',
    'checkout',
    'end to end',
    'time after/before',
    'values/s',
    'peak RSS',
    'RSS after/before',
    'deliveries',
    'every result once',
    'signatures',
  ];
  const mode = DRAIN ? 'drain: malformed GTINs, results exist at submission' : 'crawl: the embedded sandbox';
  console.log(
    `\nstream of ${VALUE_COUNT} source_01/de values (${mode}), deliveries of ${BATCH_SIZE}; goal ≤ 120 s, ≤ 512 MiB\n`,
  );
  console.log(markdownTable(header, rows));
  console.log(`\n${runNote(args.against)}`);
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
