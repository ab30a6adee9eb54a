import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { verifyAccountLedger } from '../../src/pipeline/work/work.credits-check.ts';
import { isoPlus } from '../../src/platform/lib/time.ts';
import { DIALECTS } from '../support/databases.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { runJob } from '../support/run-job.ts';

for (const dialect of DIALECTS) {
  describe(`observation cache through the API (${dialect})`, () => {
    let harness: Harness;
    let truth: SandboxTruth;

    before(async () => {
      harness = await startHarness({ dialect });
      truth = await fetchTruth(harness, 'source_01', 'de');
    });
    after(async () => harness.close());

    const balanceOf = (accountId: string) => creditBalance(harness.runtime.deps.db, accountId);
    const productIds = (from: number, count: number) =>
      truth.products.slice(from, from + count).map((product) => String(product.id));

    async function assertLedgerClean(accountId: string) {
      const report = await verifyAccountLedger(harness.runtime.deps.db, accountId);
      assert.deepEqual(report.problems, []);
      assert.equal(report.outstanding, 0);
      return report;
    }

    it('re-serves a job repeated within max_age from the cache on every value, without a charge', async () => {
      const eligible = await harness.account({ credits: 100, cacheReuse: true });
      const payload = { source: 'source_01', country: 'de', key: 'id', values: productIds(0, 3) };
      const first = await runJob(harness, eligible.headers, payload);
      assert.deepEqual(
        first.results.map((result) => [result.success, result.served_from]),
        [
          [true, 'live'],
          [true, 'live'],
          [true, 'live'],
        ],
      );
      assert.equal(await balanceOf(eligible.accountId), 97);

      const second = await runJob(harness, eligible.headers, { ...payload, max_age: 3600 });
      assert.deepEqual(
        second.results.map((result) => result.served_from),
        ['cache', 'cache', 'cache'],
      );
      second.results.forEach((result, index) => {
        const live = first.results[index];
        assert.equal(result.key, live?.key);
        assert.equal(result.observed_at, live?.observed_at, 'observed_at is the observation time');
        assert.deepEqual(result.content, live?.content);
        assert.equal(typeof result.trust.score, 'number');
      });
      assert.equal(await balanceOf(eligible.accountId), 97, 'the cached job charged nothing');
      const report = await assertLedgerClean(eligible.accountId);
      assert.equal(report.jobs.find((job) => job.jobId === second.jobId)?.charged, 0);
    });

    it('crawls again for an account without cache reuse and for max_age 0', async () => {
      const values = productIds(0, 2);
      const eligible = await harness.account({ credits: 100, cacheReuse: true });
      const warm = await runJob(harness, eligible.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
      });
      assert.ok(warm.results.every((result) => result.served_from === 'cache'));

      const plain = await harness.account({ credits: 100, cacheReuse: false });
      const crawled = await runJob(harness, plain.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
      });
      assert.deepEqual(
        crawled.results.map((result) => result.served_from),
        ['live', 'live'],
      );
      assert.equal(await balanceOf(plain.accountId), 98);

      const forced = await runJob(harness, eligible.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        max_age: 0,
      });
      assert.deepEqual(
        forced.results.map((result) => result.served_from),
        ['live', 'live'],
      );
      assert.equal(await balanceOf(eligible.accountId), 98);
      await assertLedgerClean(plain.accountId);
      await assertLedgerClean(eligible.accountId);
    });

    it('re-serves with include_meta the crawls and partial of the observation it serves (source_03)', async () => {
      const source03 = await fetchTruth(harness, 'source_03', 'de');
      const pick = (partial: boolean, skip: number) =>
        source03.products.filter((product) => product.partial === partial).slice(skip, skip + 1);
      const sample = [...pick(true, 0), ...pick(false, 0)];
      const unseen = [...pick(true, 1), ...pick(false, 1)];
      assert.equal(sample.length + unseen.length, 4, 'the sandbox has partial and complete products');
      const eligible = await harness.account({ credits: 100, cacheReuse: true });
      const payload = (products: typeof sample, extra: Record<string, unknown>) => ({
        source: 'source_03',
        country: 'de',
        key: 'id',
        values: products.map((product) => String(product.id)),
        ...extra,
      });

      const live = await runJob(harness, eligible.headers, payload(sample, { include_meta: true }));
      const cached = await runJob(
        harness,
        eligible.headers,
        payload(sample, { include_meta: true, max_age: 3600 }),
      );
      cached.results.forEach((result, index) => {
        assert.equal(result.served_from, 'cache');
        assert.ok((live.results[index]?.meta?.crawls ?? []).length > 0);
        assert.deepEqual(result.meta, live.results[index]?.meta, 'the provenance of the crawl re-served');
        assert.equal(result.meta?.partial, sample[index]?.partial);
      });

      // Crawled without include_meta first: the observation still keeps its provenance.
      await runJob(harness, eligible.headers, payload(unseen, {}));
      const later = await runJob(
        harness,
        eligible.headers,
        payload(unseen, { include_meta: true, max_age: 3600 }),
      );
      later.results.forEach((result, index) => {
        assert.equal(result.served_from, 'cache');
        const crawls = (result.meta?.crawls ?? []) as Array<{ observed_at: string; http_status: number }>;
        assert.ok(crawls.length > 0, JSON.stringify(result.meta));
        assert.ok(crawls.some((crawl) => crawl.observed_at === result.observed_at));
        assert.equal(result.meta?.partial, unseen[index]?.partial);
      });
    });

    it('keys the cache by what shapes the content: another sort order is crawled', async () => {
      const eligible = await harness.account({ credits: 100, cacheReuse: true });
      const values = productIds(5, 1);
      const payload = { source: 'source_01', country: 'de', key: 'id', values };
      assert.equal((await runJob(harness, eligible.headers, payload)).results[0]?.served_from, 'live');
      const sorted = await runJob(harness, eligible.headers, { ...payload, sort_by: 'price_ascending' });
      assert.equal(sorted.results[0]?.served_from, 'live');
      const again = await runJob(harness, eligible.headers, { ...payload, sort_by: 'price_ascending' });
      assert.equal(again.results[0]?.served_from, 'cache');
      assert.equal(await balanceOf(eligible.accountId), 98);
    });

    it('re-serves a cached not-found GTIN to every account for free, within not_found_max_age', async () => {
      const missing = truth.not_found.gtin?.[0];
      assert.ok(missing);
      const payload = { source: 'source_01', country: 'de', key: 'gtin', values: [missing] };
      const first = await harness.account({ credits: 10, cacheReuse: false });
      const crawled = await runJob(harness, first.headers, payload);
      assert.deepEqual([crawled.results[0]?.served_from, crawled.results[0]?.reason], ['live', 'not found']);
      assert.equal(await balanceOf(first.accountId), 9, 'a fresh not-found is billed');

      const second = await harness.account({ credits: 10, cacheReuse: false });
      const cached = await runJob(harness, second.headers, payload);
      assert.deepEqual(
        [cached.results[0]?.served_from, cached.results[0]?.success, cached.results[0]?.reason],
        ['cache', true, 'not found'],
      );
      assert.equal(cached.results[0]?.observed_at, crawled.results[0]?.observed_at);
      assert.equal(await balanceOf(second.accountId), 10, 'a cached not-found is free');

      // Three days later a two-day window no longer honours it, the default ten-day one does.
      await harness.runtime.deps.db
        .updateTable('observations')
        .set({ observed_at: isoPlus(new Date(), -3 * 86_400_000) })
        .where('value', '=', missing)
        .execute();
      const honoured = await runJob(harness, first.headers, payload);
      assert.equal(honoured.results[0]?.served_from, 'cache');
      const expired = await runJob(harness, second.headers, { ...payload, not_found_max_age: 2 });
      assert.equal(expired.results[0]?.served_from, 'live');
      assert.equal(await balanceOf(second.accountId), 9);
      const forced = await runJob(harness, second.headers, { ...payload, max_age: 0 });
      assert.equal(forced.results[0]?.served_from, 'live', 'max_age 0 forces a crawl');
      assert.equal(await balanceOf(second.accountId), 8);
      await assertLedgerClean(first.accountId);
      await assertLedgerClean(second.accountId);
    });

    it('does not keep a not-found term for accounts without cache reuse', async () => {
      const missing = truth.not_found.term?.[0];
      assert.ok(missing);
      const payload = { source: 'source_01', country: 'de', key: 'term', values: [missing] };
      const first = await harness.account({ credits: 10 });
      const second = await harness.account({ credits: 10 });
      assert.equal((await runJob(harness, first.headers, payload)).results[0]?.reason, 'not found');
      const again = await runJob(harness, second.headers, payload);
      assert.deepEqual([again.results[0]?.served_from, again.results[0]?.reason], ['live', 'not found']);
      assert.equal(await balanceOf(second.accountId), 9);
    });

    it('reports per value what remove_conversions removed, free and never from the cache', async () => {
      const product = truth.products.find((candidate) => typeof candidate.gtin === 'string');
      const never = truth.not_found.gtin?.[1];
      assert.ok(product && never);
      const gtin = String(product.gtin);
      const account = await harness.account({ credits: 10, cacheReuse: true });
      const converted = await runJob(harness, account.headers, {
        source: 'source_01',
        country: 'de',
        key: 'gtin',
        topic: 'convert',
        values: [gtin],
      });
      assert.equal(converted.results[0]?.content?.product_id, product.id);
      const balance = await balanceOf(account.accountId);

      const removal = { source: 'source_01', country: 'de', key: 'gtin', topic: 'remove_conversions' };
      const removed = await runJob(harness, account.headers, { ...removal, values: [gtin, never] });
      assert.deepEqual(
        removed.results.map((result) => [result.served_from, result.content]),
        [
          ['live', { gtin, removed: true, product_id: product.id }],
          ['live', { gtin: never, removed: false, product_id: null }],
        ],
      );
      const repeated = await runJob(harness, account.headers, { ...removal, values: [gtin] });
      assert.deepEqual(
        repeated.results.map((result) => [result.served_from, result.content]),
        [['live', { gtin, removed: false, product_id: null }]],
      );
      assert.equal(await balanceOf(account.accountId), balance, 'removing conversions is free');
      await assertLedgerClean(account.accountId);
    });

    for (const source of ['source_02', 'source_04']) {
      it(`reports what remove_conversions removed on ${source} after a GTIN lookup stored one`, async () => {
        const sourceTruth = await fetchTruth(harness, source, 'de');
        const product = sourceTruth.products.find((candidate) => typeof candidate.gtin === 'string');
        assert.ok(product);
        const gtin = String(product.gtin);
        const account = await harness.account({ credits: 10 });
        const looked = await runJob(harness, account.headers, {
          source,
          country: 'de',
          key: 'gtin',
          values: [gtin],
        });
        const productId = looked.results[0]?.content?.product_id;
        assert.equal(typeof productId, 'string', JSON.stringify(looked.results[0]));
        const removal = { source, country: 'de', key: 'gtin', topic: 'remove_conversions', values: [gtin] };
        const removed = await runJob(harness, account.headers, removal);
        assert.deepEqual(removed.results[0]?.content, { gtin, removed: true, product_id: productId });
        const again = await runJob(harness, account.headers, removal);
        assert.deepEqual(again.results[0]?.content, { gtin, removed: false, product_id: null });
        assert.equal(await balanceOf(account.accountId), 9, 'only the lookup was charged');
      });
    }
  });
}
