import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertAccount } from '../../src/accounts/accounts/accounts.repository.ts';
import { advanceTotals, updateSpendingSettings } from '../../src/accounts/credits/credits.repository.ts';
import {
  creditBalance,
  grantCredits,
  releaseJobRemainder,
  reserveCredits,
  settleValueCredits,
} from '../../src/accounts/credits/credits.service.ts';
import { verifyAccountLedger, verifyJobLedger } from '../../src/pipeline/work/work.credits-check.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { AppError } from '../../src/platform/errors/app-error.ts';
import { insertJob, insertJobValues } from '../../src/pipeline/work/work.repository.ts';
import { newObjectId } from '../../src/platform/lib/ids.ts';
import { isoPlus } from '../../src/platform/lib/time.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';

let accounts = 0;

/** A job row with `count` pending values, enough for the ledger checks. */
async function insertTestJob(db: Db, accountId: string, count: number): Promise<string> {
  const id = newObjectId();
  const now = new Date().toISOString();
  await insertJob(db, {
    id,
    account_id: accountId,
    kind: 'batch',
    source: 'source_01',
    country: 'de',
    key: 'term',
    topic: 'search',
    max_pages: 1,
    max_age: 1200,
    sort_by: 'ranking_descending',
    timeout_minutes: 60,
    not_found_max_age: 10,
    include_meta: 0,
    fetch_seller_names: 0,
    callback_url: null,
    client_ref: null,
    delivery_batch_size: null,
    webhook_secret: null,
    interval_minutes: null,
    next_run_at: null,
    status: 'working',
    values_total: count,
    values_done: 0,
    values_errors: 0,
    credits_reserved: 0,
    created_at: now,
    updated_at: now,
    started_at: now,
    finished_at: null,
    deadline_at: isoPlus(now, 3600_000),
    expires_at: isoPlus(now, 72 * 3600_000),
    results_purged: 0,
  });
  await insertJobValues(
    db,
    Array.from({ length: count }, (_, idx) => ({
      job_id: id,
      idx,
      value: `v${idx}`,
      status: 'pending' as const,
      success: null,
      reason: null,
      result: null,
      credits: 0,
      completion_seq: null,
      completed_at: null,
    })),
  );
  return id;
}

/** What `recordValueResultWithin` does for credits: settle, then note the charge on the value. */
async function settle(db: Db, accountId: string, jobId: string, index: number, share: number, cost: number) {
  return db.transaction().execute(async (trx) => {
    const charged = await settleValueCredits(trx, {
      accountId,
      jobId,
      valueIndex: index,
      reservedShare: share,
      cost,
    });
    await trx
      .updateTable('job_values')
      .set({ status: 'done', credits: charged })
      .where('job_id', '=', jobId)
      .where('idx', '=', index)
      .execute();
    return charged;
  });
}

for (const dialect of DIALECTS) {
  describe(`credit ledger on ${dialect}`, () => {
    let database: TestDatabase;
    let db: Db;

    before(async () => {
      database = await createTestDatabase(dialect);
      db = await openMigratedTestDb(database, 'credits.sqlite');
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    async function account(credits: number, settings: { overage?: boolean; budgetCap?: number | null } = {}) {
      accounts += 1;
      const created = await insertAccount(db, {
        name: `a${accounts}`,
        plan: 'self-serve',
        cacheReuse: false,
        sources: [],
      });
      if (credits > 0) await grantCredits(db, created.id, credits);
      await updateSpendingSettings(db, created.id, settings);
      return created.id;
    }

    async function reserve(accountId: string, jobId: string, amount: number): Promise<'ok' | string> {
      try {
        await db.transaction().execute((trx) => reserveCredits(trx, { id: accountId }, jobId, amount));
        return 'ok';
      } catch (error) {
        if (error instanceof AppError) return error.message;
        throw error;
      }
    }

    it('lets concurrent reservations of one account take exactly the balance', async () => {
      const accountId = await account(10);
      const jobs = await Promise.all(Array.from({ length: 30 }, () => insertTestJob(db, accountId, 1)));
      const outcomes = await Promise.all(jobs.map((jobId) => reserve(accountId, jobId, 1)));
      assert.equal(outcomes.filter((outcome) => outcome === 'ok').length, 10);
      assert.ok(
        outcomes.filter((outcome) => outcome !== 'ok').every((outcome) => outcome === 'insufficient credits'),
      );
      assert.equal(await creditBalance(db, accountId), 0);
      const report = await verifyAccountLedger(db, accountId);
      assert.deepEqual(report.problems, []);
      assert.equal(report.outstanding, 10);
    });

    it('never reserves past the monthly budget cap, also concurrently and with overage on', async () => {
      const accountId = await account(100, { overage: true, budgetCap: 5 });
      const jobs = await Promise.all(Array.from({ length: 20 }, () => insertTestJob(db, accountId, 1)));
      const outcomes = await Promise.all(jobs.map((jobId) => reserve(accountId, jobId, 1)));
      assert.equal(outcomes.filter((outcome) => outcome === 'ok').length, 5);
      assert.match(outcomes.find((outcome) => outcome !== 'ok') ?? '', /monthly budget cap/);
      // Spending what was reserved frees nothing under the cap: spent + held stays at 5.
      const reservedJobs = jobs.filter((_, index) => outcomes[index] === 'ok');
      for (const jobId of reservedJobs) await settle(db, accountId, jobId, 0, 1, 1);
      assert.equal(
        await reserve(accountId, jobs[0] ?? '', 1),
        'insufficient credits: monthly budget cap reached',
      );
      const report = await verifyAccountLedger(db, accountId);
      assert.equal(report.spentThisMonth, 5);
      assert.deepEqual(report.problems, []);
    });

    it('settles each value: releases its share, charges its cost, and nothing is held after the job', async () => {
      const accountId = await account(20);
      const jobId = await insertTestJob(db, accountId, 4);
      assert.equal(await reserve(accountId, jobId, 12), 'ok');
      assert.equal(await settle(db, accountId, jobId, 0, 3, 1), 1);
      assert.equal(await settle(db, accountId, jobId, 1, 3, 3), 3, 'extra result pages within the share');
      assert.equal(await settle(db, accountId, jobId, 2, 3, 0), 0, 'a cache hit or failure is free');
      let report = await verifyJobLedger(db, jobId);
      assert.deepEqual([report.reserved, report.released, report.outstanding, report.charged], [12, 9, 3, 4]);
      // The fourth value never settles (the job timed out without its task): the job end releases it.
      await db.updateTable('jobs').set({ status: 'finished' }).where('id', '=', jobId).execute();
      assert.equal(await db.transaction().execute((trx) => releaseJobRemainder(trx, accountId, jobId)), 3);
      assert.equal(await db.transaction().execute((trx) => releaseJobRemainder(trx, accountId, jobId)), 0);
      report = await verifyJobLedger(db, jobId);
      assert.deepEqual([report.outstanding, report.valueCredits, report.problems], [0, 4, []]);
      assert.equal(await creditBalance(db, accountId), 16);
    });

    it('charges extra seller pages beyond the share while there is room, and waives what there is not', async () => {
      const accountId = await account(4);
      const jobId = await insertTestJob(db, accountId, 2);
      assert.equal(await reserve(accountId, jobId, 2), 'ok');
      assert.equal(
        await settle(db, accountId, jobId, 0, 1, 3),
        3,
        'room: its share and the 2 unreserved credits',
      );
      assert.equal(await settle(db, accountId, jobId, 1, 1, 3), 1, 'only the balance left');
      const waived = await db
        .selectFrom('credit_ledger')
        .select(['amount', 'note'])
        .where('job_id', '=', jobId)
        .where('value_index', '=', 1)
        .where('kind', '=', 'charge')
        .executeTakeFirstOrThrow();
      assert.deepEqual([waived.amount, waived.note], [-1, '2 of 3 credits waived: no spending room']);
      assert.equal(await creditBalance(db, accountId), 0);
      assert.deepEqual((await verifyAccountLedger(db, accountId)).problems, []);
    });

    it('keeps extra charges under the budget cap', async () => {
      const accountId = await account(100, { budgetCap: 3 });
      const jobId = await insertTestJob(db, accountId, 2);
      assert.equal(await reserve(accountId, jobId, 2), 'ok');
      assert.equal(await settle(db, accountId, jobId, 0, 1, 2), 2);
      assert.equal(await settle(db, accountId, jobId, 1, 1, 4), 1);
      const report = await verifyAccountLedger(db, accountId);
      assert.equal(report.spentThisMonth, 3);
      assert.deepEqual(report.problems, []);
    });

    it('writes spending past the granted credits as overage when overage is on', async () => {
      const accountId = await account(2, { overage: true });
      const jobId = await insertTestJob(db, accountId, 5);
      assert.equal(await reserve(accountId, jobId, 5), 'ok', 'overage reserves past the balance');
      for (let index = 0; index < 5; index += 1) await settle(db, accountId, jobId, index, 1, 1);
      const kinds = await db
        .selectFrom('credit_ledger')
        .select(['kind', 'value_index', 'amount'])
        .where('job_id', '=', jobId)
        .where('kind', 'in', ['charge', 'overage'])
        .orderBy('seq')
        .execute();
      assert.deepEqual(
        kinds.map((entry) => `${entry.value_index}:${entry.kind}`),
        ['0:charge', '1:charge', '2:overage', '3:overage', '4:overage'],
      );
      const report = await verifyAccountLedger(db, accountId);
      assert.deepEqual([report.balance, report.charged, report.overage, report.problems], [-3, 2, 3, []]);
      assert.equal(await reserve(accountId, jobId, 1), 'ok', 'spending continues past zero');
      await updateSpendingSettings(db, accountId, { overage: false });
      assert.equal(await reserve(accountId, jobId, 1), 'insufficient credits');
    });

    it('finds a ledger that does not add up', async () => {
      const accountId = await account(5);
      const jobId = await insertTestJob(db, accountId, 1);
      assert.equal(await reserve(accountId, jobId, 1), 'ok');
      await settle(db, accountId, jobId, 0, 1, 1);
      assert.deepEqual((await verifyAccountLedger(db, accountId)).problems, []);
      await db.updateTable('job_values').set({ credits: 2 }).where('job_id', '=', jobId).execute();
      await db
        .updateTable('credit_ledger')
        .set({ amount: 7 })
        .where('account_id', '=', accountId)
        .where('kind', '=', 'grant')
        .execute();
      const problems = (await verifyAccountLedger(db, accountId)).problems.join('\n');
      assert.match(problems, /stored totals/);
      assert.match(problems, /ledger bills 1, job_values.credits sum to 2/);
    });
  });
}

describe('running ledger totals', () => {
  it('count spending per calendar month and holds across months', () => {
    let totals = { seq: 0, balance: 0, held: 0, month: '', monthSpent: 0 };
    totals = advanceTotals(totals, { kind: 'grant', amount: 10, createdAt: '2025-01-30T10:00:00.000Z' });
    totals = advanceTotals(totals, { kind: 'reserve', amount: -4, createdAt: '2025-01-30T10:00:00.000Z' });
    totals = advanceTotals(totals, { kind: 'charge', amount: -2, createdAt: '2025-01-31T23:59:59.999Z' });
    assert.deepEqual(totals, { seq: 3, balance: 4, held: 4, month: '2025-01', monthSpent: 2 });
    totals = advanceTotals(totals, { kind: 'release', amount: 2, createdAt: '2025-02-01T00:00:00.000Z' });
    totals = advanceTotals(totals, { kind: 'overage', amount: -1, createdAt: '2025-02-01T00:00:01.000Z' });
    assert.deepEqual(totals, { seq: 5, balance: 5, held: 2, month: '2025-02', monthSpent: 1 });
  });
});
