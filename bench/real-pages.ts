/**
 * Speed on real-size pages (issue 23): for each source and page kind of bench/real-targets.ts, the
 * sandbox serving `SANDBOX_PAGE_WEIGHT=real` pages, runs bench/crawlee.ts (Crawlee's CheerioCrawler,
 * the crawl engine alone and the whole service on the same pages, one after the other) and measures
 * the tokenising floor of those pages: one htmlparser2 `Tokenizer` pass with empty callbacks, the
 * least any HTML parser does. Prints one table: rates and their ratios to Crawlee, the engine's CPU
 * per page beside the floor, and each process's peak RSS.
 *
 *   npx tsx bench/real-pages.ts [--pages 2000] [--concurrency 32] [--pool 64] [--against /work/wt-base]
 *                               [--targets 'source_01,source_02 product,…'] [--service compiled|tsx]
 *                               [--warm-up 200]
 *
 * Each crawler (Crawlee, the engine, the service) first crawls `--warm-up` pages unmeasured, then
 * `--pages` measured: the rates are steady ones, not diluted by the first pages' loading and
 * compiling (the engine runs under tsx and paid for it inside a 1 000-page row).
 *
 * `--against` adds the engine and the service of another checkout, measured in the same run right
 * beside this one's (before and after); that checkout must know `--target` (issue 23 or later).
 * The service runs as `npm start` runs it, from each checkout's build (`npm run build` there first;
 * a dist/ older than src/ is refused), or under tsx with `--service tsx` (bench/crawlee.ts).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { BENCH_TARGETS, benchTarget, targetValues, type BenchTarget } from './real-targets.ts';
import {
  log,
  machineLoad,
  markdownTable,
  ratio,
  runBench,
  runJsonScript,
  startPageServer,
  THIS_CHECKOUT,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    pool: { type: 'string', default: '64' },
    against: { type: 'string' },
    targets: { type: 'string' },
    service: { type: 'string', default: 'compiled' },
    'warm-up': { type: 'string', default: '200' },
  },
});

interface Figure {
  perSecond: number;
  cpuMsPerUnit: number;
  peakRssMiB?: number;
}
type Figures = Record<string, Figure[] | undefined>;

const NOOP_CALLBACKS = new Proxy({} as TokenizerCallbacks, {
  get: (_target, name) => (name === 'isInForeignContext' ? undefined : () => undefined),
});

/** The pages of a target's pool, fetched once, and the CPU ms one Tokenizer pass costs per page. */
async function tokenisingFloor(target: BenchTarget): Promise<{ floorMs: number; meanKb: number }> {
  const server = await startPageServer('sandbox', 60, ['--weight', 'real']);
  try {
    const { baseUrl, values } = await targetValues(
      target,
      server.origin,
      Number(args.pool),
      Number(args.pool),
    );
    const bodies = await Promise.all(
      values.map(async (value) => (await fetch(baseUrl + target.path(value))).text()),
    );
    const passes = 5;
    const before = process.cpuUsage();
    for (let pass = 0; pass < passes; pass += 1) {
      for (const body of bodies) {
        const tokenizer = new Tokenizer({ decodeEntities: true }, NOOP_CALLBACKS);
        tokenizer.write(body);
        tokenizer.end();
      }
    }
    const cpu = process.cpuUsage(before);
    const meanKb = bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / bodies.length / 1024;
    return { floorMs: (cpu.user + cpu.system) / 1000 / (passes * bodies.length), meanKb };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const names = args.targets?.split(',').map((name) => name.trim()) ?? BENCH_TARGETS.map((t) => t.name);
  const loadsAtStart = machineLoad();
  const rows: string[][] = [];
  for (const name of names) {
    const target = benchTarget(name);
    log(`${target.name}: tokenising floor`);
    const { floorMs, meanKb } = await tokenisingFloor(target);
    log(`${target.name}: Crawlee, engine, service (load ${loadavg()[0]?.toFixed(1)})`);
    const flags = ['--target', target.name, '--weight', 'real', '--pool', String(args.pool), '--json'];
    flags.push(
      '--pages',
      String(args.pages),
      '--concurrency',
      String(args.concurrency),
      '--skip-default-limits',
      '--service',
      String(args.service),
      '--warm-up',
      String(args['warm-up']),
    );
    if (args.against) flags.push('--against', args.against);
    const figures = (await runJsonScript(THIS_CHECKOUT, 'bench/crawlee.ts', flags)) as Figures;
    const first = (what: string) => figures[what]?.[0];
    const crawlee = first('crawlee');
    for (const side of args.against ? ['before', 'after'] : ['after']) {
      const engine = first(`engine ${side}`);
      const service = first(`raised ${side}`);
      rows.push([
        target.name,
        `${meanKb.toFixed(0)} KB`,
        side,
        `${crawlee?.perSecond ?? '–'}`,
        `${engine?.perSecond ?? '–'}`,
        ratio(engine?.perSecond, crawlee?.perSecond),
        service ? `${service.perSecond}` : '– (no one-page key)',
        ratio(service?.perSecond, crawlee?.perSecond),
        // Pages per CPU second against Crawlee's: steadier than rates on a loaded machine.
        ratio(crawlee?.cpuMsPerUnit, engine?.cpuMsPerUnit),
        ratio(crawlee?.cpuMsPerUnit, service?.cpuMsPerUnit),
        `${crawlee?.cpuMsPerUnit.toFixed(2)} ms`,
        `${engine?.cpuMsPerUnit.toFixed(2)} ms`,
        `${service ? service.cpuMsPerUnit.toFixed(2) : '–'} ms`,
        `${floorMs.toFixed(2)} ms`,
        `${crawlee?.peakRssMiB ?? '–'} / ${engine?.peakRssMiB ?? '–'} / ${service?.peakRssMiB ?? '–'}`,
      ]);
    }
  }
  const header = [
    'pages',
    'mean size',
    'checkout',
    'Crawlee pages/s',
    'engine pages/s',
    'engine × Crawlee',
    'service values/s',
    'service × Crawlee',
    'engine × Crawlee per CPU',
    'service × Crawlee per CPU',
    'Crawlee CPU/page',
    'engine CPU/page',
    'service CPU/value',
    'tokenising floor',
    'peak RSS MiB Crawlee / engine / service',
  ];
  console.log(
    `\n${args.pages} real-size sandbox pages per row (a pool of ${args.pool} distinct pages in turn) ` +
      `after ${args['warm-up']} unmeasured, concurrency ${args.concurrency}; service with pair limits raised\n`,
  );
  console.log(markdownTable(header, rows));
  console.log(
    `\n${new Date().toISOString()}; load average at the start ${loadsAtStart}, at the end ${machineLoad()}; ` +
      `node ${process.version}; after = ${THIS_CHECKOUT}${args.against ? `, before = ${args.against}` : ''}`,
  );
}

runBench(main);
