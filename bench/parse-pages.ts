/**
 * The parsers of source_02 and source_04 alone on real-size pages (issue 23 point 2): the DOM parsers
 * each source had (`cheerio.load` plus selectors, kept in test/support/source-02.dom-parsers.ts and
 * test/support/source-04-dom/) against the streaming-scan parsers of src/, beside the tokenising
 * floor (one htmlparser2 `Tokenizer` pass with empty callbacks, entities decoded), on the same pages
 * in one process. Figures are CPU ms per page (`process.cpuUsage`), the median over the rounds, so
 * other work on the machine moves them less than wall time, and the ratios of one round hold under
 * load. `--source` picks one source (default: both, source_02 first).
 *
 * source_02: the sandbox's real-size search and product pages (`SANDBOX_PAGE_WEIGHT=real`, drawn in
 * process, `--pages` of each) and the saved Amazon pages of ../shared/fixtures/marketplace-pages;
 * each round runs every parser over every page of a group, one parser after the other, after one
 * untimed pass; `cheerio.load` alone is timed too. Rounds default to 7.
 *
 * source_04: the sandbox's real-size item pages (the `source_04 item` target's pool of `--pool`) and
 * a quarter as many search pages, and eBay's saved pages when they are there; floor, DOM and scan
 * run in turn in alternating order, and the table says whether both parsers gave the same answers.
 * Rounds default to 5.
 *
 *   npx tsx bench/parse-pages.ts [--source source_02|source_04] [--pages 32] [--pool 64] [--rounds N]
 */
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { load } from 'cheerio/slim';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { buildSandboxApp } from '../src/sandbox/app.ts';
import type { FetchedPage } from '../src/crawl/vocabulary/crawl.types.ts';
import { parseProductPage, parseSearchPage } from '../src/crawl/sources/source-02/source-02.parse.ts';
import { parseItemPage, readSearchPage } from '../src/crawl/sources/source-04/source-04.parse.ts';
import { parseProductPageDom, parseSearchPageDom } from '../test/support/source-02.dom-parsers.ts';
import * as dom from '../test/support/source-04-dom/source-04.parse.ts';
import {
  marketplaceFetched,
  marketplacePages,
  marketplacePagesPresent,
} from '../test/support/marketplace-pages.ts';
import { benchTarget, targetValues } from './real-targets.ts';
import { log, machineLoad, markdownTable, median, ratio, runBench, startPageServer } from './support.ts';

const SOURCES = ['source_02', 'source_04'] as const;
type Source = (typeof SOURCES)[number];

const { values: args } = parseArgs({
  options: {
    source: { type: 'string' },
    pages: { type: 'string', default: '32' },
    pool: { type: 'string', default: '64' },
    rounds: { type: 'string' },
  },
});

/** A set of pages and the parser of their kind, old (DOM) and new (scan). */
interface PageSet {
  name: string;
  pages: FetchedPage[];
  dom: (page: FetchedPage) => unknown;
  scan: (page: FetchedPage) => unknown;
}

const NOOP_CALLBACKS = new Proxy({} as TokenizerCallbacks, {
  get: (_target, name) => (name === 'isInForeignContext' ? undefined : () => undefined),
});

function tokenise(page: FetchedPage): void {
  const tokenizer = new Tokenizer({ decodeEntities: true }, NOOP_CALLBACKS);
  tokenizer.write(page.body);
  tokenizer.end();
}

/** CPU ms per page of `work` over every page of the set, one pass. */
function cpuPerPage(pages: readonly FetchedPage[], work: (page: FetchedPage) => unknown): number {
  const before = process.cpuUsage();
  for (const page of pages) work(page);
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1000 / pages.length;
}

const meanKb = (pages: readonly FetchedPage[]) =>
  `${(pages.reduce((sum, page) => sum + Buffer.byteLength(page.body), 0) / pages.length / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A kind of saved page: its set's name and parsers, and which page types (the manifest's) it takes. */
type FixtureKind = Omit<PageSet, 'pages'> & { takes: (pageType: string) => boolean };

/** The saved pages of `source` in ../shared/fixtures/marketplace-pages, a set per kind; none when absent. */
function fixtureSets(source: string, kinds: readonly FixtureKind[]): PageSet[] {
  if (!marketplacePagesPresent()) return [];
  const pages = marketplacePages(source);
  return kinds.map(({ takes, ...set }) => ({
    ...set,
    pages: pages.filter((page) => takes(page.page_type)).map((page) => marketplaceFetched(page)),
  }));
}

const isSearch = (pageType: string) => pageType.startsWith('search');

// ---- source_02 ----

/** The real-size sandbox pages of the de storefront: search pages of the first terms, product pages. */
async function source02SandboxPages(count: number): Promise<PageSet[]> {
  const app = buildSandboxApp({ pageWeight: 'real' });
  try {
    const truth = (await app.inject({ url: '/catalog.json?source=source_02&country=de' })).json<{
      products: { item_code: string }[];
      terms: { term: string }[];
    }>();
    const fetchPage = async (path: string): Promise<FetchedPage> => {
      const response = await app.inject({ url: `/source_02/de${path}` });
      return {
        url: `http://sandbox.test/source_02/de${path}`,
        status: 200,
        body: response.body,
        headers: {},
      };
    };
    const search = await Promise.all(
      truth.terms.slice(0, count).map(({ term }) => fetchPage(`/s?k=${encodeURIComponent(term)}`)),
    );
    const product = await Promise.all(
      truth.products.slice(0, count).map(({ item_code }) => fetchPage(`/dp/${item_code}`)),
    );
    return [
      { name: 'sandbox search (real)', pages: search, dom: parseSearchPageDom, scan: parseSearchPage },
      { name: 'sandbox product (real)', pages: product, dom: parseProductPageDom, scan: parseProductPage },
    ];
  } finally {
    await app.close();
  }
}

const PARSERS = ['floor', 'load', 'dom', 'scan'] as const;

function measure02(group: PageSet, rounds: number): Record<(typeof PARSERS)[number], number> {
  const work = {
    floor: tokenise,
    load: (page: FetchedPage) => load(page.body),
    dom: group.dom,
    scan: group.scan,
  };
  // A first untimed pass warms each parser up (compiled selectors, JIT).
  for (const parser of PARSERS) cpuPerPage(group.pages, work[parser]);
  const figures = { floor: [] as number[], load: [] as number[], dom: [] as number[], scan: [] as number[] };
  for (let round = 0; round < rounds; round += 1)
    for (const parser of PARSERS) figures[parser].push(cpuPerPage(group.pages, work[parser]));
  return {
    floor: median(figures.floor),
    load: median(figures.load),
    dom: median(figures.dom),
    scan: median(figures.scan),
  };
}

/** Measures source_02 over `rounds` rounds and prints its table. */
async function source02(rounds: number): Promise<void> {
  const loadAtStart = machineLoad();
  const groups = [
    ...(await source02SandboxPages(Number(args.pages))),
    ...fixtureSets('source_02', [
      { name: 'fixture search', takes: isSearch, dom: parseSearchPageDom, scan: parseSearchPage },
      {
        name: 'fixture product',
        takes: (pageType) => pageType.startsWith('product'),
        dom: parseProductPageDom,
        scan: parseProductPage,
      },
    ]),
  ];
  const rows: string[][] = [];
  for (const group of groups) {
    log(`${group.name}: ${group.pages.length} pages`);
    const figure = measure02(group, rounds);
    rows.push([
      group.name,
      String(group.pages.length),
      meanKb(group.pages),
      ms(figure.floor),
      ms(figure.load),
      ms(figure.dom),
      ms(figure.scan),
      ratio(figure.dom, figure.scan),
      ratio(figure.dom, figure.floor),
      ratio(figure.scan, figure.floor),
    ]);
  }
  const header = [
    'pages',
    'count',
    'mean size',
    'tokenising floor',
    'cheerio.load',
    'DOM parser (before)',
    'scan parser (after)',
    'before ÷ after',
    'before × floor',
    'after × floor',
  ];
  console.log(`\nsource_02 parsers, CPU per page, median of ${rounds} rounds\n`);
  console.log(markdownTable(header, rows));
  console.log(
    `\n${new Date().toISOString()}; load average at the start ${loadAtStart}, at the end ${machineLoad()}; node ${process.version}`,
  );
}

// ---- source_04 ----

/** The real-size sandbox item pages of the `source_04 item` target's pool, and a quarter as many search pages. */
async function source04SandboxPages(pool: number): Promise<PageSet[]> {
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

function measure04(set: PageSet, rounds: number): string[] {
  const same = set.pages.every((page) => isDeepStrictEqual(set.scan(page), set.dom(page)));
  const runs = { floor: [] as number[], dom: [] as number[], scan: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['floor', 'dom', 'scan'] as const) : (['scan', 'dom', 'floor'] as const);
    for (const what of order) {
      const work = what === 'floor' ? tokenise : set[what];
      runs[what].push(cpuPerPage(set.pages, work));
    }
  }
  const floor = median(runs.floor);
  const old = median(runs.dom);
  const scan = median(runs.scan);
  return [
    set.name,
    String(set.pages.length),
    meanKb(set.pages),
    ms(floor),
    ms(old),
    ms(scan),
    ratio(old, floor),
    ratio(scan, floor),
    ratio(old, scan),
    same ? 'yes' : 'NO',
  ];
}

/** Measures source_04 over `rounds` rounds and prints its table. */
async function source04(rounds: number): Promise<void> {
  const startLoad = machineLoad();
  const started = new Date().toISOString();
  const sets = [
    ...(await source04SandboxPages(Number(args.pool))),
    ...fixtureSets('source_04', [
      {
        name: 'eBay item pages (fixtures)',
        takes: (pageType) => !isSearch(pageType),
        scan: parseItemPage,
        dom: dom.parseItemPage,
      },
      {
        name: 'eBay search pages (fixtures)',
        takes: isSearch,
        scan: readSearchPage,
        dom: dom.readSearchPage,
      },
    ]),
  ];
  const rows = sets.map((set) => {
    log(`${set.name}: ${set.pages.length} pages, ${rounds} rounds`);
    for (const page of set.pages.slice(0, 4)) {
      set.scan(page);
      set.dom(page);
      tokenise(page);
    }
    return measure04(set, rounds);
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

/** The rounds each source's figures in docs/performance.md were measured with, unless `--rounds`. */
const RUNS: Record<Source, { rounds: number; run: (rounds: number) => Promise<void> }> = {
  source_02: { rounds: 7, run: source02 },
  source_04: { rounds: 5, run: source04 },
};

async function main(): Promise<void> {
  const chosen = args.source === undefined ? SOURCES : SOURCES.filter((source) => source === args.source);
  if (chosen.length === 0) throw new Error(`--source must be one of ${SOURCES.join(', ')}`);
  for (const source of chosen) {
    const { rounds, run } = RUNS[source];
    await run(args.rounds === undefined ? rounds : Number(args.rounds));
  }
}

runBench(main);
