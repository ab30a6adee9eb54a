import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchSandboxPage, useSandboxWeights } from '../../../../test/support/sandbox-server.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { parseProduct, parseSearchPage } from './source-03.parse.ts';

interface Truth {
  products: { id: string; name: string; partial: boolean; content: { url: string; offers: unknown[] } }[];
  terms: { term: string; content: { offers: { id: string }[] } }[];
}

/** The storefront's base URL, from a product URL of the truth. */
const baseOf = (truth: Truth): string =>
  truth.products[0]!.content.url.replace(/\/shopping\/product\/.*$/, '');
const searchUrl = (truth: Truth, text: string): string =>
  `${baseOf(truth)}/search?tbm=shop&q=${encodeURIComponent(text)}`;

describe('source_03 markup (Google Shopping, decisions G34)', () => {
  const sandboxes = useSandboxWeights();

  it('leaves the shopping ad out of the results and reads the cards by their data-docid', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_03', 'de');
    const term = truth.terms.find((candidate) => candidate.content.offers.length > 3)!;
    const page = await fetchSandboxPage(searchUrl(truth, term.term));
    assert.match(page.body, /class="sh-np__click-target"/);
    assert.deepEqual(
      parseSearchPage(page).cards.map((card) => card.id),
      term.content.offers.map((card) => card.id),
    );
  });

  it('follows Google paging: a#pnnext with start= leads to the next cards, none repeated', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_03', 'us');
    // The word most product names share finds more than one result page.
    const counts = new Map<string, number>();
    for (const product of truth.products) {
      for (const word of new Set(product.name.toLowerCase().match(/\p{L}{3,}/gu) ?? [])) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    const [word] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const first = parseSearchPage(await fetchSandboxPage(searchUrl(truth, word)));
    assert.equal(first.cards.length, 20, `one full page for ${word}`);
    assert.match(first.nextUrl ?? '', /[?&]start=20(&|$)/);
    const second = parseSearchPage(await fetchSandboxPage(first.nextUrl!));
    assert.ok(second.cards.length > 0);
    const firstIds = new Set(first.cards.map((card) => card.id));
    assert.ok(second.cards.every((card) => !firstIds.has(card.id)));
  });

  it('reads pages whatever release suffix their class names carry', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_03', 'fr');
    const term = truth.terms[0]!;
    const search = await fetchSandboxPage(searchUrl(truth, term.term));
    const product = await fetchSandboxPage(
      truth.products.find((candidate) => candidate.partial)!.content.url,
    );
    const suffixed = (body: string): string =>
      body.replace(
        /class="([^"]+)"/g,
        (_all, names: string) =>
          `class="${names
            .split(' ')
            .map((name) => `${name}_Qz9xW`)
            .join(' ')}"`,
      );
    assert.deepEqual(parseSearchPage({ ...search, body: suffixed(search.body) }), parseSearchPage(search));
    assert.deepEqual(parseProduct({ ...product, body: suffixed(product.body) }), parseProduct(product));
  });

  it('reads pages of real size with bytes after </html> as it reads light ones', async () => {
    const [heavyTruth, lightTruth] = await Promise.all([
      sandboxes.real.truth<Truth>('source_03', 'dk'),
      sandboxes.light.truth<Truth>('source_03', 'dk'),
    ]);
    const id = heavyTruth.products[3]!.id;
    const heavy = await fetchSandboxPage(heavyTruth.products[3]!.content.url);
    const small = await fetchSandboxPage(
      lightTruth.products.find((product) => product.id === id)!.content.url,
    );
    assert.ok(heavy.body.length > 300_000, `product page of ${heavy.body.length} bytes`);
    assert.match(heavy.body, /<\/html>\n<!--[^]*-->\n$/);
    const withoutHost = (page: FetchedPage): string =>
      JSON.stringify(parseProduct(page)).replaceAll(new URL(page.url).origin, '');
    assert.equal(withoutHost(heavy), withoutHost(small));
  });

  it('fails loudly on pages without the result column or the sellers table', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_03', 'de');
    const search = await fetchSandboxPage(searchUrl(truth, truth.terms[0]!.term));
    const product = await fetchSandboxPage(truth.products[0]!.content.url);
    assert.throws(
      () => parseSearchPage({ ...search, body: search.body.replace('id="center_col"', '') }),
      PageParseError,
    );
    assert.throws(
      () => parseProduct({ ...product, body: product.body.replace('id="sh-osd__online-sellers-cont"', '') }),
      PageParseError,
    );
  });
});
