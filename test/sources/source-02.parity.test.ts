import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from '../../src/sandbox/app.ts';
import type { FaultProfile, PageWeight } from '../../src/sandbox/sandbox.types.ts';
import { source02Site } from '../../src/sandbox/sites/source-02.site.ts';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';
import { parseProductPage, parseSearchPage } from '../../src/crawl/sources/source-02/source-02.parse.ts';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
} from '../support/marketplace-pages.ts';
import { arrivedPage } from '../support/arrived-page.ts';
import { parseProductPageDom, parseSearchPageDom } from '../support/source-02.dom-parsers.ts';

/** What a parser answers for a page: its result, or the error it throws (class and message). */
function outcomeOf(parse: (page: FetchedPage) => unknown, page: FetchedPage): unknown {
  try {
    return { result: parse(page) };
  } catch (error) {
    return { thrown: (error as Error).constructor.name, message: (error as Error).message };
  }
}

/** Counts of what the pages held, so the test proves it met every kind it claims to. */
interface Seen {
  pages: number;
  errors: Set<string>;
  kinds: Set<string>;
}

function compare(seen: Seen, page: FetchedPage, kind: 'search' | 'product'): void {
  const [scan, dom] =
    kind === 'search'
      ? [outcomeOf(parseSearchPage, arrivedPage(page)), outcomeOf(parseSearchPageDom, page)]
      : [outcomeOf(parseProductPage, arrivedPage(page)), outcomeOf(parseProductPageDom, page)];
  assert.deepStrictEqual(scan, dom, `${kind} page ${page.url}`);
  seen.pages += 1;
  const thrown = dom as { message?: string };
  if (thrown.message !== undefined) seen.errors.add(thrown.message.replace(/ (on|in|of) .*$/u, ''));
  else seen.kinds.add(kindOf(kind, (dom as { result: Record<string, unknown> }).result));
}

/** A page's kind by what it answered: buy box or not, who sells, members' price, ads, next page. */
function kindOf(kind: 'search' | 'product', result: Record<string, unknown>): string {
  if (kind === 'search')
    return `search ${result['nextUrl'] ? 'next' : 'last'} ${(result['sponsored'] as unknown[]).length > 0 ? 'ads' : 'no-ads'} ${(result['cards'] as unknown[]).length > 0 ? 'cards' : 'empty'}`;
  const buybox = result['buybox'] as { condition: string } | null;
  return `product ${buybox === null ? 'no-buybox' : `${buybox.condition} ${String(result['seller_type'])} premium=${String(result['is_premium'])}`}`;
}

async function pageOf(app: FastifyInstance, url: string): Promise<FetchedPage> {
  const response = await app.inject({ method: 'GET', url });
  return {
    url: `http://sandbox.test${url}`,
    status: response.statusCode,
    body: response.body,
    headers: { 'content-type': String(response.headers['content-type']) },
  };
}

interface Truth {
  products: { item_code: string; content: Record<string, unknown> }[];
  terms: { term: string; pages: number }[];
  not_found: { term: string[]; item_code: string[] };
}

/** Products of every kind the truth shows (buy box, seller type, members' price), a few of each. */
function sampleProducts(truth: Truth, perKind: number): string[] {
  const byKind = new Map<string, string[]>();
  for (const product of truth.products) {
    const content = product.content;
    const buybox = content['buybox'] as { condition: string } | null;
    const key = `${buybox?.condition}/${String(content['seller_type'])}/${String(content['is_premium'])}`;
    const codes = byKind.get(key) ?? [];
    if (codes.length < perKind) codes.push(product.item_code);
    byKind.set(key, codes);
  }
  return [...byKind.values()].flat();
}

/** Every storefront as its own country, and the de storefront's delivery regions (at, ch). */
const STOREFRONTS: readonly { storefront: string; country: string }[] = [
  ...source02Site.storefronts.map((storefront) => ({ storefront, country: storefront })),
  { storefront: 'de', country: 'at' },
  { storefront: 'de', country: 'ch' },
];

/** A page's path below the storefront, with the delivery country where the driver sends one. */
function pathOf(storefront: string, country: string, path: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams(query);
  if (country !== storefront) params.set('deliveryCountry', country.toUpperCase());
  const search = params.toString();
  return `/source_02/${storefront}${path}${search === '' ? '' : `?${search}`}`;
}

/** How many pages a run reads per storefront: terms searched (every result page) and products per kind. */
interface Sample {
  terms: number;
  perKind: number;
}

async function crossStorefronts(app: FastifyInstance, seen: Seen, sample: Sample): Promise<void> {
  for (const { storefront, country } of STOREFRONTS) {
    const catalog = await app.inject({ url: `/catalog.json?source=source_02&country=${country}` });
    const truth = catalog.json<Truth>();
    const terms = [
      ...truth.terms.slice(0, sample.terms),
      { term: truth.not_found.term[0] ?? 'zzz', pages: 1 },
    ];
    for (const { term, pages } of terms) {
      for (let number = 1; number <= pages; number += 1) {
        const query = { k: term, page: String(number) };
        compare(seen, await pageOf(app, pathOf(storefront, country, '/s', query)), 'search');
      }
    }
    for (const code of sampleProducts(truth, sample.perKind))
      compare(seen, await pageOf(app, pathOf(storefront, country, `/dp/${code}`)), 'product');
  }
}

/**
 * The streaming-scan parsers of source_02 (issue 23 point 2) answer exactly what the DOM parsers
 * they replaced answered, on every page kind the sandbox serves (both weights, every storefront,
 * the drifted template, block and cut-off pages) and on every saved Amazon page of the fixtures.
 */
describe('source_02 scan parsers against the DOM parsers they replaced', () => {
  const apps: FastifyInstance[] = [];
  const appWith = (pageWeight: PageWeight, rates: FaultProfile['rates']) => {
    const app = buildSandboxApp({ pageWeight, faults: { source_02: { rates } } });
    apps.push(app);
    return app;
  };
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  // Light pages are cheap: every truth term; real-size ones cost tens of ms each to draw and parse.
  for (const [weight, sample] of [
    ['light', { terms: 30, perKind: 6 }],
    ['real', { terms: 3, perKind: 1 }],
  ] as const) {
    it(`answers the same on every ${weight} sandbox page kind of every storefront, drifted ones included`, async () => {
      const seen: Seen = { pages: 0, errors: new Set(), kinds: new Set() };
      await crossStorefronts(appWith(weight, { markupDrift: 0.3 }), seen, sample);
      assert.ok(seen.errors.has('no product'), `drifted pages met: ${[...seen.errors].join(', ')}`);
      const kinds = [...seen.kinds];
      for (const kind of ['search next ads cards', 'search last no-ads empty', 'product no-buybox'])
        assert.ok(seen.kinds.has(kind), `${kind} among ${kinds.join(', ')}`);
      for (const sellerType of ['marketplace_operator', 'fulfilled_by_operator', 'fulfilled_by_seller'])
        assert.ok(
          kinds.some((kind) => kind.includes(sellerType)),
          `${sellerType} among ${kinds.join(', ')}`,
        );
      assert.ok(
        kinds.some((kind) => kind.includes('premium=true')),
        'members-only prices met',
      );
    });
  }

  it('answers the same on block pages and cut-off pages', async () => {
    for (const fault of ['blockPage', 'truncated'] as const) {
      const seen: Seen = { pages: 0, errors: new Set(), kinds: new Set() };
      const app = appWith('real', { [fault]: 1 });
      const truth = (await app.inject({ url: '/catalog.json?source=source_02&country=de' })).json<Truth>();
      for (const code of truth.products.slice(0, 3).map((product) => product.item_code))
        compare(seen, await pageOf(app, `/source_02/de/dp/${code}`), 'product');
      compare(seen, await pageOf(app, `/source_02/de/s?k=${truth.terms[0]?.term}`), 'search');
      assert.equal(seen.kinds.size, 0, `every ${fault} page refused`);
    }
  });

  it(
    'answers the same on every saved Amazon page, each read as a search and as a product page',
    {
      skip: skipWithoutMarketplacePages(),
    },
    () => {
      const pages = marketplacePages('source_02');
      assert.ok(pages.length >= 10, `${pages.length} pages of source_02 in the manifest`);
      const seen: Seen = { pages: 0, errors: new Set(), kinds: new Set() };
      for (const fixture of pages) {
        const page = marketplaceFetched(fixture);
        compare(seen, page, 'search');
        compare(seen, page, 'product');
      }
      assert.equal(seen.pages, pages.length * 2);
    },
  );
});
