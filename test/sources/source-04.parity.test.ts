import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
} from '../support/marketplace-pages.ts';
import { arrivedPage } from '../support/arrived-page.ts';
import { fetchSandboxPage, startSandbox, type RunningSandbox } from '../support/sandbox-server.ts';
import * as dom from '../support/source-04-dom/source-04.parse.ts';
import type { FaultKind } from '../../src/sandbox/sandbox.types.ts';
import type { FetchedPage } from '../../src/crawl/vocabulary/crawl.types.ts';
import { resolveBaseUrl } from '../../src/crawl/sources/sources.urls.ts';
import {
  parseItemPage,
  parseProductPage,
  readSearchPage,
} from '../../src/crawl/sources/source-04/source-04.parse.ts';

/**
 * The scan parsers of source_04 against the cheerio parsers they replace (kept in
 * test/support/source-04-dom/ as they were): every parser runs on every page, and the answers, or
 * the errors, are the same.
 */
const PARSERS = [
  { kind: 'search', scan: readSearchPage, dom: dom.readSearchPage },
  { kind: 'item', scan: parseItemPage, dom: dom.parseItemPage },
  { kind: 'product', scan: parseProductPage, dom: dom.parseProductPage },
] as const;

type Outcome = { value: unknown } | { error: string };

function outcomeOf(parse: (page: FetchedPage) => unknown, page: FetchedPage): Outcome {
  try {
    return { value: parse(page) };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Runs every parser of both kinds on `page`; answers the kinds that read it without an error. */
function assertSameReading(page: FetchedPage, label: string): string[] {
  const read: string[] = [];
  for (const parser of PARSERS) {
    // The scan reads the page as the fetcher hands it over: bytes in pieces, script bodies skipped.
    const scanned = outcomeOf(parser.scan, arrivedPage(page));
    assert.deepEqual(scanned, outcomeOf(parser.dom, page), `${parser.kind} parser on ${label}`);
    if ('value' in scanned) read.push(parser.kind);
  }
  return read;
}

interface Truth {
  products: { product_id: string; listings: { item_id: string; content: Record<string, unknown> }[] }[];
  terms: { term: string }[];
  not_found: Record<string, string[]>;
}

const STOREFRONTS = ['de', 'at', 'fr', 'it', 'es', 'gb', 'us', 'au', 'ca'];

/** Paths of a storefront's pages: searches (one finding nothing), items of every kind, products. */
function pathsOf(truth: Truth, perKind: number): { search: string[]; item: string[]; product: string[] } {
  const listings = truth.products.flatMap((product) => product.listings);
  const auction = listings.find((listing) => listing.content['listing_type'] === 'auction');
  const worn = listings.find((listing) => listing.content['condition'] !== 'new');
  const items = [...listings.slice(0, perKind), auction, worn].filter((listing) => listing !== undefined);
  const terms = [
    ...truth.terms.slice(0, perKind).map((term) => term.term),
    ...truth.not_found['term']!.slice(0, 1),
  ];
  return {
    search: terms.map((term) => `/sch/i.html?_nkw=${encodeURIComponent(term)}`),
    item: [...items.map((listing) => `/itm/${listing.item_id}`), `/itm/${truth.not_found['id']![0]}`],
    product: truth.products.slice(0, perKind).map((product) => `/p/${product.product_id}`),
  };
}

/** Compares the parsers on a storefront's pages; answers how many pages each kind's parser read. */
async function compareStorefront(
  sandbox: RunningSandbox,
  country: string,
  perKind: number,
): Promise<Record<string, number>> {
  const truth = await sandbox.truth<Truth>('source_04', country);
  const baseUrl = resolveBaseUrl({}, sandbox.origin, 'source_04', country);
  const counts: Record<string, number> = { search: 0, item: 0, product: 0 };
  for (const path of Object.values(pathsOf(truth, perKind)).flat()) {
    const page = await fetchSandboxPage(baseUrl + path);
    for (const kind of assertSameReading(page, `${country} ${path}`)) counts[kind]! += 1;
  }
  return counts;
}

describe('source_04 scan parsers against the DOM parsers on sandbox pages', () => {
  const sandboxes: Record<string, RunningSandbox> = {};
  before(async () => {
    sandboxes['light'] = await startSandbox();
    sandboxes['real'] = await startSandbox({ pageWeight: 'real' });
  });
  after(async () => {
    await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.close()));
  });

  for (const [weight, perKind] of [
    ['light', 3],
    ['real', 1],
  ] as const) {
    it(`reads the same from every page kind of every storefront in ${weight} page weight`, async () => {
      for (const country of STOREFRONTS) {
        const counts = await compareStorefront(sandboxes[weight]!, country, perKind);
        assert.ok(counts['search']! >= perKind + 1, `${country}: every search page read`);
        assert.ok(counts['item']! >= perKind, `${country}: item pages read`);
        assert.ok(counts['product']! >= perKind, `${country}: product pages read`);
      }
    });
  }

  const FAULTS: readonly FaultKind[] = [
    'markupDrift',
    'truncated',
    'blockPage',
    'robotCheck',
    'consentWall',
    'jsInterstitial',
  ];
  for (const fault of FAULTS) {
    it(`reads the same, or fails the same, on pages under the ${fault} fault`, async () => {
      for (const weight of ['light', 'real']) {
        const sandbox = sandboxes[weight]!;
        await sandbox.withFault('source_04', fault, async () => {
          for (const country of ['de', 'us']) {
            const counts = await compareStorefront(sandbox, country, 3);
            assert.equal(
              counts['item']! + counts['product']!,
              0,
              `${country}: no item or product page whole`,
            );
          }
        });
      }
    });
  }
});

describe(
  'source_04 scan parsers against the DOM parsers on real eBay pages',
  { skip: skipWithoutMarketplacePages() },
  () => {
    const pages = marketplacePages('source_04');

    it('finds the eBay pages of the manifest', () => {
      assert.ok(pages.length >= 5, `${pages.length} pages of source_04 in the manifest`);
    });

    for (const fixture of pages) {
      it(`reads the same from ${fixture.file}`, () => {
        const read = assertSameReading(marketplaceFetched(fixture), fixture.file);
        assert.ok(read.includes(fixture.page_type.startsWith('search') ? 'search' : 'item'), read.join(', '));
      });
    }
  },
);
