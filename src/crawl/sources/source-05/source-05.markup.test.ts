import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fetchSandboxPage,
  useSandboxWeights,
  type RunningSandbox,
} from '../../../../test/support/sandbox-server.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { parseOffersPage, parseProductPage, parseSearchPage } from './source-05.parse.ts';

interface Truth {
  products: { product_id: string; name: string; gtin: string; content: { url: string } }[];
  terms: {
    term: string;
    search_url: string;
    content: { search_results: { product_id: string; price: number }[] };
  }[];
}

describe('source_05 markup (Kaufland, decisions G34)', () => {
  const sandboxes = useSandboxWeights();

  const firstSearch = async (sandbox: RunningSandbox): Promise<{ truth: Truth; page: FetchedPage }> => {
    const truth = await sandbox.truth<Truth>('source_05', 'de');
    const term = truth.terms.find((candidate) => candidate.content.search_results.length > 3)!;
    return { truth, page: await fetchSandboxPage(term.search_url) };
  };

  it('reads the JSON-LD result list and leaves the sponsored card out', async () => {
    const { truth, page } = await firstSearch(sandboxes.light);
    assert.match(page.body, /class="product__sponsored-ad-label"/);
    const cardCount = page.body.match(/<article\b[^>]*class="product"/g)?.length ?? 0;
    const term = truth.terms.find((candidate) => candidate.search_url === page.url)!;
    const parsed = parseSearchPage(page);
    assert.equal(cardCount, parsed.length + 1);
    assert.deepEqual(
      parsed.map((card) => [card.product_id, card.price]),
      term.content.search_results.map((result) => [result.product_id, result.price]),
    );
  });

  it('pages the results as Kaufland does: ?page=<n>, the count of every match in .product-count', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_05', 'de');
    // A term with a full first page: more matches than one page holds.
    const term = truth.terms.find((candidate) => candidate.content.search_results.length === 24)!;
    assert.ok(term, 'the de catalogue has a term with more than one page of matches');
    const first = await fetchSandboxPage(term.search_url);
    const total = Number(/class="product-count">(\d+)</.exec(first.body)?.[1]);
    assert.ok(total > 24, `.product-count says ${total}`);
    const second = parseSearchPage(await fetchSandboxPage(`${term.search_url}&page=2`));
    assert.equal(second.length, Math.min(24, total - 24));
    const firstIds = new Set(parseSearchPage(first).map((card) => card.product_id));
    assert.ok(second.every((card) => !firstIds.has(card.product_id)));
  });

  it('reads the cards whatever build hash their class names carry', async () => {
    const { page } = await firstSearch(sandboxes.light);
    const rebuilt = page.body.replace(/class="(product(?:__sponsored-ad-label)?)"/g, 'class="$1_x7Qd2"');
    assert.notEqual(rebuilt, page.body);
    assert.deepEqual(parseSearchPage({ ...page, body: rebuilt }), parseSearchPage(page));
  });

  it('reads pages of real size with bytes after </html> as it reads light ones', async () => {
    const { page: heavy } = await firstSearch(sandboxes.real);
    const { page: small } = await firstSearch(sandboxes.light);
    assert.ok(heavy.body.length > 300_000, `search page of ${heavy.body.length} bytes`);
    assert.match(heavy.body, /<\/html>\n<!--[^]*-->\n$/);
    // The two sandboxes listen on different ports, so the URLs differ.
    const facts = (page: FetchedPage): string[] =>
      parseSearchPage(page).map((card) => `${card.product_id} ${card.name} ${card.price}`);
    assert.deepEqual(facts(heavy), facts(small));
  });

  it('reads product facts from the JSON-LD and the offers from the Nuxt state', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_05', 'de');
    const product = truth.products[3]!;
    const page = await fetchSandboxPage(product.content.url);
    assert.match(page.body, /<h1 class="rd-title">/);
    const parsed = parseProductPage(page);
    assert.equal(parsed.head['product_id'], product.product_id);
    assert.equal(parsed.head['name'], product.name);
    assert.equal(parsed.head['gtin'], product.gtin);
    const offers = parseOffersPage(await fetchSandboxPage(`${product.content.url}offers/`));
    assert.equal(offers.length, parsed.stats.offers_count);
  });

  it('fails loudly on a page cut before its state, without its JSON-LD or not of the app', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_05', 'de');
    const page = await fetchSandboxPage(truth.products[0]!.content.url);
    const cut = { ...page, body: page.body.slice(0, page.body.indexOf('window.__NUXT__')) };
    assert.throws(() => parseProductPage(cut), PageParseError);
    const withoutLd = { ...page, body: page.body.replace(/application\/ld\+json/g, 'text/plain') };
    assert.throws(() => parseProductPage(withoutLd), PageParseError);
    // Real Nuxt 2 pages assign a function call, not JSON: the product page fails loudly (and the
    // driver falls back to the generic extractor), the search results still read from the JSON-LD.
    const called = page.body.replace(
      /window\.__NUXT__=(\{[^]*?\});<\/script>/,
      'window.__NUXT__=(function(a){return $1}(1));</script>',
    );
    assert.notEqual(called, page.body);
    assert.throws(() => parseProductPage({ ...page, body: called }), PageParseError);
    const { page: search } = await firstSearch(sandboxes.light);
    const calledSearch = search.body.replace(
      /window\.__NUXT__=(\{[^]*?\});/,
      'window.__NUXT__=(function(a){return $1}(1));',
    );
    assert.deepEqual(parseSearchPage({ ...search, body: calledSearch }), parseSearchPage(search));
    assert.throws(
      () => parseSearchPage({ ...search, body: search.body.replace('<div id="__nuxt"', '<div') }),
      PageParseError,
    );
    const unmatched = { ...search, body: search.body.replace(/\.webp"/, '-other.webp"') };
    assert.throws(() => parseSearchPage(unmatched), PageParseError);
  });
});
