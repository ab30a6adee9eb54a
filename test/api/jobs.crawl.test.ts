import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { after, before, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { assertResultMatchesTruth } from '../support/sandbox-truth.ts';

describe('a batch job crawled from the sandbox', () => {
  let harness: Harness;
  let truth: SandboxTruth;
  let auth: { headers: Record<string, string>; accountId: string };

  before(async () => {
    harness = await startHarness();
    truth = await fetchTruth(harness, 'source_01', 'de');
    auth = await harness.account({ credits: 1000 });
  });
  after(async () => harness.close());

  async function runJob(payload: Record<string, unknown>) {
    const created = await harness.app.inject({ method: 'POST', url: '/job', headers: auth.headers, payload });
    const job = created.json().job as { _id: string };
    assert.ok(job?._id, JSON.stringify(created.json()));
    for (let polls = 0; polls < 30; polls += 1) {
      const status = (
        await harness.app.inject({ method: 'GET', url: `/job/${job._id}?wait=10`, headers: auth.headers })
      ).json();
      if (status.job.status === 'finished') break;
    }
    const download = await harness.app.inject({
      method: 'GET',
      url: `/job/${job._id}/download`,
      headers: auth.headers,
    });
    return {
      jobId: job._id,
      body: download.json() as { error: boolean; status: string; results: Array<Record<string, any>> },
    };
  }

  it('returns the sandbox truth for two GTINs and parameter_invalid for a bad check digit', async () => {
    const [first, second] = truth.products.filter((product) => typeof product.gtin === 'string');
    assert.ok(first && second);
    const badGtin = `${String(first.gtin).slice(0, 12)}${(Number(String(first.gtin).at(-1)) + 1) % 10}`;
    const balanceBefore = await creditBalance(harness.runtime.deps.db, auth.accountId);
    const { body } = await runJob({
      source: 'source_01',
      country: 'de',
      key: 'gtin',
      values: [first.gtin, badGtin, second.gtin],
      fetch_seller_names: true,
      include_meta: true,
    });
    assert.equal(body.error, false);
    assert.equal(body.status, 'finished');
    assert.deepEqual(
      body.results.map((result) => [result.key, result.success, result.reason]),
      [
        [first.gtin, true, null],
        [badGtin, false, 'parameter_invalid'],
        [second.gtin, true, null],
      ],
    );
    assertResultMatchesTruth(body.results[0], first.content, 'first gtin');
    assertResultMatchesTruth(body.results[2], second.content, 'second gtin');
    const expectedDigit = (Number(String(first.gtin).at(-1)) + 10) % 10;
    assert.equal(
      body.results[1]?.reason_detail,
      `GTIN-13 check digit is ${expectedDigit}, not ${badGtin.at(-1)}`,
    );
    assert.ok(
      [body.results[0], body.results[2]].every((result) => !Object.hasOwn(result ?? {}, 'reason_detail')),
      'reason_detail only on parameter_invalid results',
    );
    for (const result of [body.results[0], body.results[2]]) {
      assert.equal(result?.served_from, 'live');
      assert.ok(result?.meta.crawls.length > 0);
      assert.equal(typeof result?.trust.score, 'number');
      assert.equal(
        result?.observed_at,
        result?.meta.crawls
          .map((c: { observed_at: string }) => c.observed_at)
          .sort()
          .at(-1),
      );
    }
    const sellerPages = [body.results[0], body.results[2]].flatMap((r) =>
      r?.meta.crawls.filter((c: { job_type: string }) => c.job_type === 'seller'),
    ).length;
    const spent = balanceBefore - (await creditBalance(harness.runtime.deps.db, auth.accountId));
    assert.equal(spent, 2 + sellerPages, 'one credit per crawled value plus one per seller page');
  });

  it('leaves a used offer for another product out of price_min and names it in wrong_product_offers', async () => {
    const term = 'Akku-Bohrschrauber 18V';
    const expected = (truth.terms as Array<{ term: string; content: Record<string, any> }>).find(
      (entry) => entry.term === term,
    )?.content;
    assert.ok(expected, `the source_01 de truth details ${term}`);
    const used = (expected.offers as Array<Record<string, unknown>>).findIndex((offer) =>
      String(offer.title).includes('Gebraucht'),
    );
    assert.ok(used >= 0, 'the top product has a used offer');
    const { body } = await runJob({ source: 'source_01', country: 'de', values: [term] });
    const [result] = body.results;
    assert.ok(result?.content);
    assert.ok(result.trust.wrong_product_offers.includes(used));
    const usedPrice = expected.offers[used].price as number;
    assert.equal(result.content.price_min_all, usedPrice, 'the used offer is the cheapest of all');
    assert.notEqual(result.content.price_min, usedPrice);
    assert.deepEqual(
      [
        result.content.price_min,
        result.content.price_max,
        result.content.price_avg,
        result.content.offers_count,
      ],
      [expected.price_min, expected.price_max, expected.price_avg, expected.offers_count],
    );
    assert.equal(
      result.content.source_price_min,
      expected.source_price_min,
      'the site states its own from price',
    );
  });

  it('answers a not-found GTIN as a completed lookup and charges it', async () => {
    const missing = truth.not_found.gtin?.[0];
    assert.ok(missing);
    const balanceBefore = await creditBalance(harness.runtime.deps.db, auth.accountId);
    const { body } = await runJob({ source: 'source_01', country: 'de', key: 'gtin', values: [missing] });
    assert.deepEqual(
      [body.results[0]?.success, body.results[0]?.reason, body.results[0]?.content],
      [true, 'not found', null],
    );
    assert.equal(balanceBefore - (await creditBalance(harness.runtime.deps.db, auth.accountId)), 1);
  });

  it('holds POST /job open with wait and answers the finished job with its results', async () => {
    const product = truth.products[5];
    assert.ok(product);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: auth.headers,
      payload: { source: 'source_01', country: 'de', key: 'id', values: [product.id], wait: 60 },
    });
    const body = response.json();
    assert.equal(body.error, false);
    assert.equal(body.job.status, 'finished');
    assert.equal(body.results.length, 1);
    assert.equal(body.results[0].content.product_id, product.id);
  });

  it('downloads CSVs of different sources and keys with one header, every search result a row', async () => {
    // Its top product has a used offer (the test above).
    const term = 'Akku-Bohrschrauber 18V';
    const shopTruth = await fetchTruth(harness, 'source_07', 'de');
    const first = await runJob({ source: 'source_01', country: 'de', key: 'term', values: [term] });
    const second = await runJob({
      source: 'source_07',
      country: 'de',
      key: 'id',
      values: [String(shopTruth.products[0]?.product_id), 'no-such-id'],
    });
    const csvOf = async (jobId: string) =>
      parse(
        (
          await harness.app.inject({
            method: 'GET',
            url: `/job/${jobId}/download.csv`,
            headers: auth.headers,
          })
        ).body,
        { columns: true },
      ) as Record<string, string>[];
    const [termRows, idRows] = [await csvOf(first.jobId), await csvOf(second.jobId)];
    assert.deepEqual(Object.keys(termRows[0] ?? {}), Object.keys(idRows[0] ?? {}), 'the same columns');
    const searchResults = first.body.results[0]?.content?.search_results as Array<{ id: string }>;
    assert.deepEqual(
      termRows.filter((row) => row.row_kind === 'search_result').map((row) => [row.position, row.line_id]),
      searchResults.map((result, index) => [String(index + 1), result.id]),
    );
    assert.ok(termRows.some((row) => row.row_kind === 'offer' && row.line_wrong_product === 'true'));
    assert.deepEqual(
      idRows.filter((row) => row.key === 'no-such-id').map((row) => [row.row_kind, row.reason]),
      [['result', 'not found']],
    );
  });

  it('downloads CSV that parses with one header and equal-width rows, by query and by suffix', async () => {
    const ids = truth.products.slice(0, 3).map((product) => product.id);
    const { jobId, body } = await runJob({ source: 'source_01', country: 'de', key: 'id', values: ids });
    const offers = body.results.reduce(
      (sum, result) => sum + Math.max(1, result.content?.offers?.length ?? 0),
      0,
    );
    for (const url of [`/job/${jobId}/download?format=csv`, `/job/${jobId}/download.csv`]) {
      const response = await harness.app.inject({ method: 'GET', url, headers: auth.headers });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/csv/);
      const rows = parse(response.body) as string[][];
      const [header = [], ...records] = rows;
      assert.ok(header.includes('line_price') && header.includes('key') && header[0] === 'row_kind');
      const width = header.length;
      assert.equal(records.length, offers);
      assert.ok(records.every((record) => record.length === width));
      assert.ok(records.every((record) => record.every((cell) => !/^[=+\-@]/.test(cell))));
    }
  });
});
