import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSandbox, type RunningSandbox } from '../../../../test/support/sandbox-server.ts';
import { decodeBody } from '../../fetcher/fetcher.body.ts';
import { parseProductPage, parseSearchPage } from './source-12.parse.ts';

interface Truth {
  terms: { term: string; search_url: string; content: { search_results: { product_id: string }[] } }[];
}

describe('source_12 markup (kakaku.com, decisions G34)', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  it('serves Shift_JIS, takes the search term in Shift_JIS and leaves the PR item out', async () => {
    const truth = await sandbox.truth<Truth>('source_12', 'jp');
    const term = truth.terms.find((candidate) => candidate.content.search_results.length > 1)!;
    assert.match(term.search_url, /\/search_results\/[^/]*%[0-9A-F]{2}/, 'a Shift_JIS escaped term');
    const response = await fetch(term.search_url);
    assert.match(response.headers.get('content-type') ?? '', /charset=Shift_JIS/i);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.toString('utf8').includes('ネダン比較'), false, 'not UTF-8 on the wire');
    // Without the header, the page's own <meta> names the charset.
    const body = decodeBody(bytes, 'text/html');
    assert.match(body, /ネダン比較/);
    assert.match(body, /class="p-result_prLabel">PR</);
    const cards = parseSearchPage({ url: term.search_url, status: 200, body, headers: {} });
    assert.deepEqual(
      cards.map((card) => card.product_id),
      term.content.search_results.map((result) => result.product_id),
    );
    const product = await fetch(cards[0]!.url);
    const page = decodeBody(
      Buffer.from(await product.arrayBuffer()),
      product.headers.get('content-type') ?? '',
    );
    assert.match(page, /<\/html>\n<!--[^]*-->\n$/);
    assert.equal(
      parseProductPage({ url: cards[0]!.url, status: 200, body: page, headers: {} }).product_id,
      cards[0]!.product_id,
    );
  });
});
