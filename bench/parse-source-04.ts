/**
 * source_04's parsers alone (issue 23 point 2): CPU per page of the streaming-scan parsers
 * (src/crawl/sources/source-04) against the cheerio parsers they replaced (kept in
 * test/support/source-04-dom/) and the tokenising floor (one htmlparser2 `Tokenizer` pass with empty
 * callbacks, entities decoded), on the same pages in one process: the sandbox's real-size item pages
 * (the `source_04 item` target's pool) and search pages (`SANDBOX_PAGE_WEIGHT=real`), and eBay's
 * saved pages in ../shared/fixtures/marketplace-pages when they are there. The three run in turn,
 * `--rounds` times in alternating order; each figure is the median of the rounds. Ratios to the floor
 * hold on a loaded machine where absolute times do not.
 *
 *   npx tsx bench/parse-source-04.ts [--pool 64] [--rounds 5]
 */
import { isDeepStrictEqual } from 'node:util';
import { parseArgs } from 'node:util';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import type { FetchedPage } from '../src/crawl/vocabulary/crawl.types.ts';
import { parseItemPage, readSearchPage } from '../src/crawl/sources/source-04/source-04.parse.ts';
import * as dom from '../test/support/source-04-dom/source-04.parse.ts';
import {
  marketplaceFetched,
  marketplacePages,
  marketplacePagesPresent,
} from '../test/support/marketplace-pages.ts';
import { benchTarget, targetValues } from './real-targets.ts';
import { log, machineLoad, markdownTable, median, ratio, runBench, startPageServer } from './support.ts';

const { values: args } = parseArgs({
  options: {
    pool: { type: 'string', default: '64' },
    rounds: { type: 'string', default: '5' },
  },
});

const NOOP_CALLBACKS = new Proxy({} as TokenizerCallbacks, {
  get: (_target, name) => (name === 'isInForeignContext' ? undefined : () => undefined),
});

function tokenise(page: FetchedPage): void {
  const tokenizer = new Tokenizer({ decodeEntities: true }, NOOP_CALLBACKS);
  tokenizer.write(page.body);
  tokenizer.end();
}

/** A set of pages and the parser of their kind, old and new. */
interface PageSet {
  name: string;
  pages: FetchedPage[];
  scan: (page: FetchedPage) => unknown;
  dom: (page: FetchedPage) => unknown;
}

/** CPU ms per page of `run` over every page of the set, one pass. */
function cpuPerPage(pages: readonly FetchedPage[], run: (page: FetchedPage) => unknown): number {
  const before = process.cpuUsage();
  for (const page of pages) run(page);
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1000 / pages.length;
}

async function sandboxSets(pool: number): Promise<PageSet[]> {
  const server = await startPageServer('sandbox', 60, ['--weight', 'real']);
  try {
    const target = benchTarget('source_04 item');
    const { baseUrl, values } = await targetValues(target, server.origin, pool, pool);
    const fetchPage = async (url: string): Promise<FetchedPage> => {
      const response = await fetch(url);
      return { url, status: response.status, body: await response.text(), headers: {} };
    };
    const items = await Promise.all(values.map((value) => fetchPage(baseUrl + target.path(value))));
    const truth = (await (
      await fetch(`${server.origin}/catalog.json?source=source_04&country=de`)
    ).json()) as {
      terms: { term: string }[];
    };
    const terms = truth.terms.slice(0, Math.max(1, Math.floor(pool / 4))).map((entry) => entry.term);
    const searches = await Promise.all(
      terms.map((term) => fetchPage(`${baseUrl}/sch/i.html?_nkw=${encodeURIComponent(term)}`)),
    );
    return [
      { name: 'sandbox item (real weight)', pages: items, scan: parseItemPage, dom: dom.parseItemPage },
      {
        name: 'sandbox search (real weight)',
        pages: searches,
        scan: readSearchPage,
        dom: dom.readSearchPage,
      },
    ];
  } finally {
    await server.stop();
  }
}

function fixtureSets(): PageSet[] {
  if (!marketplacePagesPresent()) return [];
  const pages = marketplacePages('source_04');
  const of = (search: boolean) =>
    pages
      .filter((page) => page.page_type.startsWith('search') === search)
      .map((page) => marketplaceFetched(page));
  return [
    { name: 'eBay item pages (fixtures)', pages: of(false), scan: parseItemPage, dom: dom.parseItemPage },
    { name: 'eBay search pages (fixtures)', pages: of(true), scan: readSearchPage, dom: dom.readSearchPage },
  ];
}

function measure(set: PageSet, rounds: number): string[] {
  const same = set.pages.every((page) => isDeepStrictEqual(set.scan(page), set.dom(page)));
  const runs = { floor: [] as number[], dom: [] as number[], scan: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['floor', 'dom', 'scan'] as const) : (['scan', 'dom', 'floor'] as const);
    for (const what of order) {
      const run = what === 'floor' ? tokenise : set[what];
      runs[what].push(cpuPerPage(set.pages, run));
    }
  }
  const floor = median(runs.floor);
  const old = median(runs.dom);
  const scan = median(runs.scan);
  const kb = set.pages.reduce((sum, page) => sum + Buffer.byteLength(page.body), 0) / set.pages.length / 1024;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    set.name,
    String(set.pages.length),
    `${kb.toFixed(0)} KB`,
    ms(floor),
    ms(old),
    ms(scan),
    ratio(old, floor),
    ratio(scan, floor),
    ratio(old, scan),
    same ? 'yes' : 'NO',
  ];
}

async function main(): Promise<void> {
  const rounds = Number(args.rounds);
  const startLoad = machineLoad();
  const started = new Date().toISOString();
  const sets = [...(await sandboxSets(Number(args.pool))), ...fixtureSets()];
  const rows = sets.map((set) => {
    log(`${set.name}: ${set.pages.length} pages, ${rounds} rounds`);
    for (const page of set.pages.slice(0, 4)) {
      set.scan(page);
      set.dom(page);
      tokenise(page);
    }
    return measure(set, rounds);
  });
  console.log(
    `\nsource_04 parsers, CPU per page (median of ${rounds} rounds; ${started} to ${new Date().toISOString()}, load ${startLoad} to ${machineLoad()}, node ${process.version})\n`,
  );
  console.log(
    markdownTable(
      [
        'pages',
        'count',
        'mean size',
        'tokenising floor',
        'cheerio parser (before)',
        'scan parser (after)',
        'before × floor',
        'after × floor',
        'speed-up',
        'same answers',
      ],
      rows,
    ),
  );
}

runBench(main);
