import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fetchSandboxPage,
  useSandboxWeights,
  type RunningSandbox,
} from '../../../../test/support/sandbox-server.ts';
import { PageParseError } from '../../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../../vocabulary/crawl.types.ts';
import { parseProductPage, parseSearchPage } from './source-01.parse.ts';

interface Truth {
  products: { id: string; content: { offers: unknown[] } }[];
  terms: { term: string; search_url: string; search_results_by_page: { id: string }[][] }[];
}

describe('source_01 markup (idealo, decisions G34)', () => {
  const sandboxes = useSandboxWeights();

  const firstSearch = async (sandbox: RunningSandbox): Promise<{ truth: Truth; page: FetchedPage }> => {
    const truth = await sandbox.truth<Truth>('source_01', 'de');
    const term = truth.terms.find((candidate) => candidate.search_results_by_page[0]!.length > 3)!;
    return { truth, page: await fetchSandboxPage(term.search_url) };
  };

  it('leaves the sponsored tile and the ad slot out of the results', async () => {
    const { truth, page } = await firstSearch(sandboxes.light);
    assert.match(page.body, /sr-sponsoredLabel_/);
    assert.match(page.body, /data-testid="adSlot"/);
    const parsed = parseSearchPage(page);
    const term = truth.terms.find((candidate) => candidate.search_url === page.url)!;
    assert.deepEqual(
      parsed.cards.map((card) => card.id),
      term.search_results_by_page[0]!.map((result) => result.id),
    );
    assert.equal(parsed.skipped, 2);
  });

  it('reads the result list whatever build hashes its class names carry', async () => {
    const { page } = await firstSearch(sandboxes.light);
    const rebuilt = page.body.replace(/(class="sr-[A-Za-z_-]+?)_[A-Za-z0-9]{5}"/g, '$1_Qz9xW"');
    assert.notEqual(rebuilt, page.body);
    assert.deepEqual(parseSearchPage({ ...page, body: rebuilt }), parseSearchPage(page));
  });

  it('reads pages of real size with bytes after </html> as it reads light ones', async () => {
    const { page: heavy } = await firstSearch(sandboxes.real);
    const { page: small } = await firstSearch(sandboxes.light);
    assert.ok(heavy.body.length > 300_000, `search page of ${heavy.body.length} bytes`);
    assert.match(heavy.body, /<\/html>\n<!--[^]*-->\n$/);
    const ids = (page: FetchedPage): string[] =>
      parseSearchPage(page).cards.map((card) => `${card.id} ${card.name} ${card.price_min}`);
    assert.deepEqual(ids(heavy), ids(small));
    const truth = await sandboxes.real.truth<Truth>('source_01', 'de');
    const productUrl = parseSearchPage(heavy).cards[0]!.url;
    const product = await fetchSandboxPage(productUrl);
    assert.ok(product.body.length > 300_000, `product page of ${product.body.length} bytes`);
    const parsed = parseProductPage(product);
    const expected = truth.products.find((candidate) => candidate.id === parsed.id)!;
    assert.equal(parsed.offers.length, expected.content.offers.length);
  });

  it('fails loudly on a product page without its structured data', async () => {
    const truth = await sandboxes.light.truth<Truth>('source_01', 'de');
    const { page } = await firstSearch(sandboxes.light);
    const product = await fetchSandboxPage(parseSearchPage(page).cards[0]!.url);
    assert.ok(truth.products.length > 0);
    const stripped = product.body.replace(/<script type="application\/ld\+json">[^]*?<\/script>/g, '');
    assert.throws(() => parseProductPage({ ...product, body: stripped }), PageParseError);
  });
});
