/**
 * The parsers of source_02 alone on real-size pages (issue 23 point 2): the DOM parsers it had
 * (`cheerio.load` plus selectors, kept in test/support/source-02.dom-parsers.ts) against the
 * streaming-scan parsers of src/, beside the tokenising floor (one htmlparser2 `Tokenizer` pass with
 * empty callbacks, entities decoded) and `cheerio.load` alone, on the same pages in one process:
 * the sandbox's real-size search and product pages (`SANDBOX_PAGE_WEIGHT=real`, drawn in process)
 * and the saved Amazon pages of ../shared/fixtures/marketplace-pages. Each round runs every parser
 * over every page of a group, one parser after the other; the figure is the median over the rounds
 * of CPU ms per page (`process.cpuUsage`), so other work on the machine moves it less than wall
 * time, and the ratios of one round hold under load.
 *
 *   npx tsx bench/parse-pages.ts [--pages 32] [--rounds 7]
 */
import { parseArgs } from 'node:util';
import { load } from 'cheerio/slim';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { buildSandboxApp } from '../src/sandbox/app.ts';
import type { FetchedPage } from '../src/crawl/vocabulary/crawl.types.ts';
import { parseProductPage, parseSearchPage } from '../src/crawl/sources/source-02/source-02.parse.ts';
import { parseProductPageDom, parseSearchPageDom } from '../test/support/source-02.dom-parsers.ts';
import {
  marketplaceFetched,
  marketplacePages,
  marketplacePagesPresent,
} from '../test/support/marketplace-pages.ts';
import { log, machineLoad, markdownTable, median, ratio, runBench } from './support.ts';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '7' },
  },
});

interface Group {
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

/** The real-size sandbox pages of the de storefront: search pages of the first terms, product pages. */
async function sandboxGroups(count: number): Promise<Group[]> {
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

/** The saved Amazon pages, search and product apart. */
function fixtureGroups(): Group[] {
  if (!marketplacePagesPresent()) return [];
  const pages = marketplacePages('source_02');
  const ofType = (type: string) =>
    pages.filter((page) => page.page_type.startsWith(type)).map((page) => marketplaceFetched(page));
  return [
    { name: 'fixture search', pages: ofType('search'), dom: parseSearchPageDom, scan: parseSearchPage },
    { name: 'fixture product', pages: ofType('product'), dom: parseProductPageDom, scan: parseProductPage },
  ];
}

/** CPU ms per page of `work` over every page of the group. */
function cpuPerPage(pages: readonly FetchedPage[], work: (page: FetchedPage) => unknown): number {
  const before = process.cpuUsage();
  for (const page of pages) work(page);
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1000 / pages.length;
}

const PARSERS = ['floor', 'load', 'dom', 'scan'] as const;

function measure(group: Group, rounds: number): Record<(typeof PARSERS)[number], number> {
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

async function main(): Promise<void> {
  const loadAtStart = machineLoad();
  const groups = [...(await sandboxGroups(Number(args.pages))), ...fixtureGroups()];
  const rows: string[][] = [];
  for (const group of groups) {
    log(`${group.name}: ${group.pages.length} pages`);
    const figure = measure(group, Number(args.rounds));
    const meanKb =
      group.pages.reduce((sum, page) => sum + Buffer.byteLength(page.body), 0) / group.pages.length / 1024;
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    rows.push([
      group.name,
      String(group.pages.length),
      `${meanKb.toFixed(0)} KB`,
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
  console.log(`\nCPU per page, median of ${args.rounds} rounds\n`);
  console.log(markdownTable(header, rows));
  console.log(
    `\n${new Date().toISOString()}; load average at the start ${loadAtStart}, at the end ${machineLoad()}; node ${process.version}`,
  );
}

runBench(main);
