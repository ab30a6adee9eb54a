import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { after, before, describe, it } from 'node:test';
import { isoPlus } from '../../src/platform/lib/time.ts';
import { DIALECTS } from '../support/databases.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { runJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

for (const dialect of DIALECTS) {
  describe(`GET /history (${dialect})`, () => {
    let harness: Harness;
    let truth: SandboxTruth;
    let product: SandboxTruth['products'][number];
    let owner: Awaited<ReturnType<Harness['account']>>;
    let observedAt: string[];

    const history = (headers: Record<string, string>, query: string) =>
      harness.app.inject({ method: 'GET', url: `/history?${query}`, headers });
    const valueQuery = () => `source=source_01&country=de&key=id&value=${String(product.id)}`;

    before(async () => {
      harness = await startHarness({ dialect });
      truth = await fetchTruth(harness, 'source_01', 'de');
      const chosen = truth.products[7];
      assert.ok(chosen);
      product = chosen;
      owner = await harness.account({ credits: 100 });
      observedAt = [];
      for (let run = 0; run < 3; run += 1) {
        const { results } = await runJob(harness, owner.headers, {
          source: 'source_01',
          country: 'de',
          key: 'id',
          values: [String(product.id)],
        });
        observedAt.push(String(results[0]?.observed_at));
      }
    });
    after(async () => harness.close());

    it("lists the caller's observations of a value, oldest first, with their price figures", async () => {
      const response = await history(owner.headers, valueQuery());
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.error, false);
      assert.deepEqual([body.total, body.count, body.offset, body.limit], [3, 3, 0, 100]);
      assert.deepEqual(
        body.points.map((point: { observed_at: string }) => point.observed_at),
        observedAt,
      );
      const content = product.content;
      assert.deepEqual(body.points[0], {
        observed_at: observedAt[0],
        topic: 'search',
        found: true,
        price_min: content.price_min,
        price_avg: content.price_avg,
        price_max: content.price_max,
        offers_count: content.offers_count,
        buybox_price: null,
        currency: 'EUR',
      });
    });

    it("never shows another account's crawls; a re-served observation joins the receiver's history", async () => {
      const stranger = await harness.account({ credits: 10 });
      assert.equal((await history(stranger.headers, valueQuery())).json().total, 0);
      const eligible = await harness.account({ credits: 10, cacheReuse: true });
      const { results } = await runJob(harness, eligible.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: [String(product.id)],
      });
      assert.equal(results[0]?.served_from, 'cache');
      const body = (await history(eligible.headers, valueQuery())).json();
      assert.deepEqual(
        body.points.map((point: { observed_at: string }) => point.observed_at),
        [observedAt[2]],
      );
    });

    it('records a not-found lookup as a point without prices', async () => {
      const missing = truth.not_found.gtin?.[5];
      assert.ok(missing);
      await runJob(harness, owner.headers, {
        source: 'source_01',
        country: 'de',
        key: 'gtin',
        values: [missing],
      });
      const body = (
        await history(owner.headers, `source=source_01&country=de&key=gtin&value=${missing}`)
      ).json();
      assert.equal(body.total, 1);
      assert.deepEqual(
        [body.points[0].found, body.points[0].offers_count, body.points[0].price_min],
        [false, 0, null],
      );
    });

    it('lists the buy-box price where the source has one (source_02)', async () => {
      const marketplace = await fetchTruth(harness, 'source_02', 'de');
      const item = marketplace.products.find((candidate) => {
        const buybox = candidate.content.buybox as { price?: unknown } | undefined;
        return typeof buybox?.price === 'number';
      });
      assert.ok(item);
      const itemCode = String(item.item_code);
      await runJob(harness, owner.headers, {
        source: 'source_02',
        country: 'de',
        key: 'item_code',
        values: [itemCode],
      });
      const body = (
        await history(owner.headers, `source=source_02&country=de&key=item_code&value=${itemCode}`)
      ).json();
      assert.equal(body.total, 1);
      assert.equal(body.points[0].buybox_price, (item.content.buybox as { price: number }).price);
    });

    it('filters by time and pages', async () => {
      const after = (
        await history(owner.headers, `${valueQuery()}&from=${encodeURIComponent(observedAt[1] ?? '')}`)
      ).json();
      assert.deepEqual(
        after.points.map((point: { observed_at: string }) => point.observed_at),
        observedAt.slice(1),
      );
      const before = (
        await history(owner.headers, `${valueQuery()}&to=${encodeURIComponent(observedAt[0] ?? '')}`)
      ).json();
      assert.equal(before.total, 1, 'to is inclusive');
      const yesterday = isoPlus(new Date(), -86_400_000).slice(0, 10);
      assert.equal((await history(owner.headers, `${valueQuery()}&to=${yesterday}`)).json().total, 0);
      const page = (await history(owner.headers, `${valueQuery()}&offset=1&limit=1`)).json();
      assert.deepEqual([page.total, page.count, page.points[0].observed_at], [3, 1, observedAt[1]]);
    });

    it('answers CSV with a header and one row per point', async () => {
      const response = await history(owner.headers, `${valueQuery()}&format=csv`);
      assert.match(String(response.headers['content-type']), /^text\/csv/);
      const rows = parse(response.body) as string[][];
      assert.deepEqual(rows[0], [
        'observed_at',
        'topic',
        'found',
        'price_min',
        'price_avg',
        'price_max',
        'offers_count',
        'buybox_price',
        'currency',
      ]);
      assert.equal(rows.length, 4);
      assert.deepEqual(rows[1]?.slice(0, 4), [
        observedAt[0],
        'search',
        'true',
        String(product.content.price_min),
      ]);
    });

    const invalid: Array<[string, string, RegExp]> = [
      ['a missing value', 'source=source_01&country=de&key=id', /missing required field value/],
      ['an unknown source', 'source=source_13&country=de&key=id&value=1', /^source must be one of/],
      [
        'a country the source lacks',
        'source=source_01&country=jp&key=id&value=1',
        /^country "jp" not supported/,
      ],
      [
        'a key the source lacks',
        'source=source_01&country=de&key=item_code&value=1',
        /^key "item_code" not supported/,
      ],
      [
        'a malformed from',
        'source=source_01&country=de&key=id&value=1&from=yesterday',
        /^from must be an ISO 8601/,
      ],
      [
        'from after to',
        'source=source_01&country=de&key=id&value=1&from=2025-02-01&to=2025-01-01',
        /^from must be before to/,
      ],
      ['a zero limit', 'source=source_01&country=de&key=id&value=1&limit=0', /^limit must be >= 1/],
      [
        'a limit above 1000',
        'source=source_01&country=de&key=id&value=1&limit=1001',
        /^limit must be <= 1000/,
      ],
      [
        'an unknown format',
        'source=source_01&country=de&key=id&value=1&format=xml',
        /^format must be json, csv or xlsx/,
      ],
      [
        'an unknown parameter',
        'source=source_01&country=de&key=id&value=1&colour=red',
        /unknown field colour/,
      ],
    ];
    for (const [name, query, message] of invalid) {
      it(`refuses ${name} with error true naming the field`, async () => {
        const response = await history(owner.headers, query);
        assert.equal(response.statusCode, 200);
        assert.equal(response.json().error, true);
        assert.match(response.json().message, message);
      });
    }

    it('reads a country code in any letter case and names the countries of the source (decisions G37)', async () => {
      const upper = (await history(owner.headers, valueQuery().replace('country=de', 'country=DE'))).json();
      assert.deepEqual([upper.error, upper.country, upper.total], [false, 'de', 3]);
      const refused = (await history(owner.headers, 'source=source_01&country=JP&key=id&value=1')).json();
      assert.deepEqual(refused.details, {
        field: 'country',
        value: 'JP',
        allowed: ['de', 'at', 'uk', 'gb', 'fr', 'it', 'es'],
      });
    });

    it('needs data-API credentials', async () => {
      const response = await history({}, valueQuery());
      assert.equal(response.statusCode, 401);
    });
  });
}

describe('history retention', () => {
  it('lets the retention cleaner delete observations older than HISTORY_RETENTION_DAYS', async () => {
    const harness = await startHarness({ env: { HISTORY_RETENTION_DAYS: '5', CLEANER_INTERVAL_MS: '1000' } });
    try {
      const truth = await fetchTruth(harness, 'source_01', 'de');
      const account = await harness.account({ credits: 10 });
      const values = truth.products.slice(0, 2).map((product) => String(product.id));
      await runJob(harness, account.headers, { source: 'source_01', country: 'de', key: 'id', values });
      const db = harness.runtime.deps.db;
      await db
        .updateTable('observations')
        .set({ observed_at: isoPlus(new Date(), -6 * 86_400_000) })
        .where('value', '=', values[0] ?? '')
        .execute();
      const remaining = async () =>
        (await db.selectFrom('observations').select('value').execute()).map((row) => row.value);
      await until('the cleaner removed the old observation', async () => (await remaining()).length === 1);
      assert.deepEqual(await remaining(), [values[1]]);
      const receipts = await db.selectFrom('observation_receipts').select('observation_id').execute();
      assert.equal(receipts.length, 1, 'receipts go with their observations');
    } finally {
      await harness.close();
    }
  });
});
