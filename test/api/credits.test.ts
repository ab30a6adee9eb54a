import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { updateSpendingSettings } from '../../src/accounts/credits/credits.repository.ts';
import { verifyAccountLedger, type AccountLedgerReport } from '../../src/pipeline/work/work.credits-check.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { DIALECTS } from '../support/databases.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { restartRuntime } from '../support/restart.ts';
import { awaitResults, runJob, submitJob } from '../support/run-job.ts';

/** The ledger of an account after all its jobs ended: clean, nothing held, balance = grants − spending. */
async function assertSettled(db: Db, accountId: string): Promise<AccountLedgerReport> {
  const report = await verifyAccountLedger(db, accountId);
  assert.deepEqual(report.problems, []);
  assert.equal(report.outstanding, 0, 'nothing is held once every job ended');
  assert.equal(report.balance, report.granted - report.charged - report.overage);
  const values = await db
    .selectFrom('job_values')
    .innerJoin('jobs', 'jobs.id', 'job_values.job_id')
    .select(['job_values.credits'])
    .where('jobs.account_id', '=', accountId)
    .execute();
  const valueCredits = values.reduce((sum, value) => sum + Number(value.credits), 0);
  assert.equal(report.charged + report.overage, valueCredits, 'ledger spending = sum of job_values.credits');
  return report;
}

for (const dialect of DIALECTS) {
  describe(`credits under load (${dialect})`, () => {
    let harness: Harness;
    let truth: SandboxTruth;

    before(async () => {
      harness = await startHarness({ dialect });
      truth = await fetchTruth(harness, 'source_01', 'de');
    });
    after(async () => harness.close());

    const ids = (from: number, count: number) =>
      truth.products.slice(from, from + count).map((product) => String(product.id));

    it('lets concurrent submissions reserve exactly the balance and settles to the work done', async () => {
      const account = await harness.account({ credits: 20 });
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, job) =>
          submitJob(harness, account.headers, {
            source: 'source_01',
            country: 'de',
            key: 'id',
            values: ids(100 + job * 2, 2),
          }),
        ),
      );
      const accepted = answers.filter((answer) => answer.error === false);
      assert.equal(accepted.length, 10, 'each job reserves 2 of the 20 credits');
      for (const refused of answers.filter((answer) => answer.error !== false)) {
        assert.equal(refused.message, 'insufficient credits');
      }
      const results = (
        await Promise.all(accepted.map((answer) => awaitResults(harness, account.headers, answer.job._id)))
      ).flat();
      const report = await assertSettled(harness.runtime.deps.db, account.accountId);
      const crawled = results.filter((result) => result.success && result.served_from === 'live');
      assert.equal(report.charged, crawled.length, 'one credit per freshly crawled value');
      assert.equal(report.balance, 20 - crawled.length);
    });

    it('never passes the monthly budget cap under concurrent submissions, with overage on', async () => {
      const account = await harness.account({ credits: 5 });
      await updateSpendingSettings(harness.runtime.deps.db, account.accountId, {
        overage: true,
        budgetCap: 8,
      });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, job) =>
          submitJob(harness, account.headers, {
            source: 'source_01',
            country: 'de',
            key: 'id',
            values: ids(200 + job, 1),
          }),
        ),
      );
      const accepted = answers.filter((answer) => answer.error === false);
      assert.equal(accepted.length, 8);
      assert.ok(
        answers.some((answer) => answer.message === 'insufficient credits: monthly budget cap reached'),
      );
      await Promise.all(accepted.map((answer) => awaitResults(harness, account.headers, answer.job._id)));
      const report = await assertSettled(harness.runtime.deps.db, account.accountId);
      assert.deepEqual(
        [report.charged, report.overage, report.balance],
        [5, 3, -3],
        'overage past the grant',
      );
      assert.equal(report.spentThisMonth, 8);
      const more = await submitJob(harness, account.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: ids(220, 1),
      });
      assert.equal(more.message, 'insufficient credits: monthly budget cap reached');
    });

    it('keeps extra seller pages within the budget cap', async () => {
      const account = await harness.account({ credits: 100 });
      await updateSpendingSettings(harness.runtime.deps.db, account.accountId, { budgetCap: 2 });
      const products = truth.products
        .slice(300)
        .filter(
          (product) =>
            Array.isArray(product.marketplace_seller_ids) && product.marketplace_seller_ids.length > 0,
        )
        .slice(0, 2);
      const { results } = await runJob(harness, account.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: products.map((product) => String(product.id)),
        fetch_seller_names: true,
        include_meta: true,
      });
      const sellerPages = results.flatMap((result) =>
        result.meta.crawls.filter((crawl: { job_type: string }) => crawl.job_type === 'seller'),
      );
      assert.ok(sellerPages.length > 0, 'the job fetched seller pages beyond its reservation');
      const report = await assertSettled(harness.runtime.deps.db, account.accountId);
      assert.equal(report.spentThisMonth, 2, 'charged up to the cap, the rest waived');
      const waived = await harness.runtime.deps.db
        .selectFrom('credit_ledger')
        .select('note')
        .where('account_id', '=', account.accountId)
        .where('note', 'like', '%waived%')
        .execute();
      assert.ok(waived.length > 0);
    });
  });

  describe(`credits across crashes (${dialect})`, () => {
    let harness: Harness;
    let truth: SandboxTruth;

    before(async () => {
      harness = await startHarness({ dialect });
      truth = await fetchTruth(harness, 'source_01', 'de');
    });
    after(async () => harness.close());

    it('ends reservations left by a crash with ledger sums matching the work done, cache hits included', async () => {
      const products = truth.products.slice(40, 52).map((product) => String(product.id));
      const gtin = truth.products.find((product) => typeof product.gtin === 'string')?.gtin;
      const missing = truth.not_found.gtin?.[2];
      assert.ok(gtin && missing);
      const account = await harness.account({ credits: 60, cacheReuse: true });
      const warm = await runJob(harness, account.headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: products.slice(0, 4),
      });
      assert.ok(warm.results.every((result) => result.served_from === 'live'));

      // The worker is down: submissions reserve, nothing settles.
      harness = await restartRuntime(harness, { worker: false });
      const submissions = [
        { key: 'id', values: products.slice(0, 6) },
        { key: 'id', values: products.slice(2, 9), max_pages: 3 },
        { key: 'id', values: products.slice(9, 12), max_age: 0 },
        { key: 'gtin', values: [String(gtin), missing, '4006381333932'] },
      ];
      const jobIds: string[] = [];
      for (const submission of submissions) {
        const answer = await submitJob(harness, account.headers, {
          source: 'source_01',
          country: 'de',
          ...submission,
        });
        assert.equal(answer.error, false, JSON.stringify(answer));
        jobIds.push(answer.job._id);
      }
      const held = await verifyAccountLedger(harness.runtime.deps.db, account.accountId);
      assert.deepEqual(held.problems, []);
      assert.equal(held.outstanding, 6 + 7 * 3 + 3 + 2, 'worst case per crawlable value (max_pages)');

      // Crash again while the worker runs, after some values settled; then finish on a third runtime.
      harness = await restartRuntime(harness);
      const db = harness.runtime.deps.db;
      for (let checks = 0; checks < 100_000; checks += 1) {
        const done = await db
          .selectFrom('job_values')
          .select('idx')
          .where('job_id', 'in', jobIds)
          .where('status', '=', 'done')
          .execute();
        if (done.length >= 3) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      harness = await restartRuntime(harness);
      const results = await Promise.all(jobIds.map((jobId) => awaitResults(harness, account.headers, jobId)));

      const [cachedJob, overlapping, forced, gtins] = results;
      assert.deepEqual(
        cachedJob?.slice(0, 4).map((result) => result.served_from),
        ['cache', 'cache', 'cache', 'cache'],
      );
      // max_pages is part of the cache key on source_01: the warmed pages=1 results do not count.
      assert.ok(overlapping?.every((result) => result.served_from === 'live'));
      assert.ok(forced?.every((result) => result.served_from === 'live'));
      assert.deepEqual(
        gtins?.map((result) => result.reason),
        [null, 'not found', 'parameter_invalid'],
      );
      const report = await assertSettled(harness.runtime.deps.db, account.accountId);
      const live = results.flat().filter((result) => result.success && result.served_from === 'live');
      assert.equal(report.charged, 4 + live.length, 'the warm-up and every fresh crawl, nothing else');
      assert.equal(report.balance, 60 - report.charged);
    });
  });
}
