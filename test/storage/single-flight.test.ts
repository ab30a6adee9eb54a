import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ValueQuery } from '../../src/crawl/vocabulary/crawl.types.ts';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { findJob, listJobResults } from '../../src/pipeline/work/work.repository.ts';
import type { ValueResolution } from '../../src/pipeline/results/results.item.ts';
import type { Job } from '../../src/pipeline/work/work.table.ts';
import { flightsOf } from '../../src/pipeline/observations/observations.flight.ts';
import { observationKeysOf } from '../../src/pipeline/observations/observations.key.ts';
import { serveValue } from '../../src/pipeline/observations/observations.service.ts';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { submitJob } from '../support/run-job.ts';

function queryFor(value: string): ValueQuery {
  return {
    source: 'source_01',
    country: 'de',
    key: 'term',
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
  };
}

function crawlRecord() {
  return {
    crawl_id: 'c1',
    url: 'http://127.0.0.1/x',
    http_status: 200,
    duration_ms: 1,
    observed_at: new Date().toISOString(),
    geo: 'de',
    job_type: 'search',
  };
}

function found(): ValueResolution {
  return {
    kind: 'crawled',
    outcome: {
      status: 'found',
      content: { product_id: '42', price_min: 10, price_avg: 11, price_max: 12, offers_count: 2, offers: [] },
      billable: { extraResultPages: 0, sellerPages: 0 },
    },
    crawls: [crawlRecord()],
  };
}

const unavailable: ValueResolution = {
  kind: 'failed',
  reason: 'source currently unavailable',
  crawls: [crawlRecord()],
};

/** A crawl that counts its calls and holds every call until `open()`. */
function gatedCrawl(outcomes: ValueResolution[]) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = { calls: 0, open };
  const crawl = async (): Promise<ValueResolution> => {
    const outcome = outcomes[Math.min(state.calls, outcomes.length - 1)] ?? found();
    state.calls += 1;
    await gate;
    return outcome;
  };
  return { state, crawl };
}

/** Yields to the event loop until `check` holds; fails after `turns` turns (a count, not a time). */
async function until(check: () => boolean, turns = 100_000): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.fail('condition not reached');
}

for (const dialect of DIALECTS) {
  describe(`single-flight crawls (${dialect})`, () => {
    let harness: Harness;

    before(async () => {
      harness = await startHarness({ dialect, worker: false });
    });
    after(async () => harness.close());

    async function jobOf(cacheReuse: boolean, value: string): Promise<{ job: Job; accountId: string }> {
      const account = await harness.account({ credits: 10, cacheReuse });
      const created = await submitJob(harness, account.headers, {
        source: 'source_01',
        country: 'de',
        values: [value],
      });
      const job = await findJob(harness.runtime.deps.db, String(created.job?._id));
      assert.ok(job, JSON.stringify(created));
      return { job, accountId: account.accountId };
    }

    async function resultOf(job: Job) {
      const [result] = await listJobResults(harness.runtime.deps.db, job.id);
      return JSON.parse(result ?? 'null') as { served_from: string; success: boolean; observed_at: string };
    }

    const serve = (job: Job, value: string, crawl: () => Promise<ValueResolution>) =>
      serveValue(harness.runtime.deps, job, { index: 0, query: queryFor(value), crawl });
    const keyOf = (value: string) =>
      observationKeysOf(queryFor(value), harness.runtime.deps.catalogue).cacheKey;

    it('lets eligible jobs asking for the same value at once share one crawl', async () => {
      const value = `flight shared ${dialect}`;
      const first = await jobOf(true, value);
      const second = await jobOf(true, value);
      const { state, crawl } = gatedCrawl([found()]);
      const leading = serve(first.job, value, crawl);
      await until(() => state.calls === 1);
      const joining = serve(second.job, value, crawl);
      await until(() => flightsOf(harness.runtime.deps.db).waiting(keyOf(value)) === 1);
      state.open();
      assert.deepEqual(await Promise.all([leading, joining]), [true, true]);
      assert.equal(state.calls, 1);
      const [lead, joined] = [await resultOf(first.job), await resultOf(second.job)];
      assert.deepEqual([lead.served_from, joined.served_from], ['live', 'cache']);
      assert.equal(joined.observed_at, lead.observed_at);
      assert.equal(await creditBalance(harness.runtime.deps.db, first.accountId), 9);
      assert.equal(await creditBalance(harness.runtime.deps.db, second.accountId), 10);
      const stored = await harness.runtime.deps.db
        .selectFrom('observations')
        .select('id')
        .where('value', '=', value)
        .execute();
      assert.equal(stored.length, 1);
    });

    it('crawls for each job of accounts without cache reuse', async () => {
      const value = `flight separate ${dialect}`;
      const first = await jobOf(false, value);
      const second = await jobOf(false, value);
      const { state, crawl } = gatedCrawl([found()]);
      const both = Promise.all([serve(first.job, value, crawl), serve(second.job, value, crawl)]);
      await until(() => state.calls === 2);
      state.open();
      await both;
      assert.deepEqual(
        [(await resultOf(first.job)).served_from, (await resultOf(second.job)).served_from],
        ['live', 'live'],
      );
      assert.equal(await creditBalance(harness.runtime.deps.db, second.accountId), 9);
    });

    it('lets an eligible job share the crawl of an account without reuse', async () => {
      const value = `flight mixed ${dialect}`;
      const plain = await jobOf(false, value);
      const eligible = await jobOf(true, value);
      const { state, crawl } = gatedCrawl([found()]);
      const leading = serve(plain.job, value, crawl);
      await until(() => state.calls === 1);
      const joining = serve(eligible.job, value, crawl);
      await until(() => flightsOf(harness.runtime.deps.db).waiting(keyOf(value)) === 1);
      state.open();
      await Promise.all([leading, joining]);
      assert.equal(state.calls, 1);
      assert.equal((await resultOf(eligible.job)).served_from, 'cache');
      assert.equal(await creditBalance(harness.runtime.deps.db, eligible.accountId), 10);
    });

    it('crawls again for a job that waited on a crawl that failed', async () => {
      const value = `flight failed ${dialect}`;
      const first = await jobOf(true, value);
      const second = await jobOf(true, value);
      const { state, crawl } = gatedCrawl([unavailable, found()]);
      const leading = serve(first.job, value, crawl);
      await until(() => state.calls === 1);
      const joining = serve(second.job, value, crawl);
      await until(() => flightsOf(harness.runtime.deps.db).waiting(keyOf(value)) === 1);
      state.open();
      await Promise.all([leading, joining]);
      assert.equal(state.calls, 2);
      const [failed, crawled] = [await resultOf(first.job), await resultOf(second.job)];
      assert.deepEqual([failed.success, crawled.success, crawled.served_from], [false, true, 'live']);
      assert.equal(await creditBalance(harness.runtime.deps.db, first.accountId), 10, 'a failure is free');
      assert.equal(flightsOf(harness.runtime.deps.db).waiting(keyOf(value)), 0);
    });
  });
}
