import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { redisKeyLocks, type KeyLocks } from '../../src/platform/cluster/cluster.locks.ts';
import type { ValueQuery } from '../../src/crawl/vocabulary/crawl.types.ts';
import { openDatabase, type Db } from '../../src/platform/db/database.ts';
import { serveValue, type ServeDeps } from '../../src/pipeline/observations/observations.service.ts';
import type { ValueResolution } from '../../src/pipeline/results/results.item.ts';
import { findJob, listJobResults } from '../../src/pipeline/work/work.repository.ts';
import type { Job } from '../../src/pipeline/work/work.table.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { submitJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

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

const found: ValueResolution = {
  kind: 'crawled',
  outcome: {
    status: 'found',
    content: { product_id: '42', price_min: 10, price_avg: 11, price_max: 12, offers_count: 2, offers: [] },
    billable: { extraResultPages: 0, sellerPages: 0 },
  },
  crawls: [
    {
      crawl_id: 'c1',
      url: 'http://127.0.0.1/x',
      http_status: 200,
      duration_ms: 1,
      observed_at: new Date().toISOString(),
      geo: 'de',
      job_type: 'search',
    },
  ],
};

describe('cluster-wide single-flight: two processes on one PostgreSQL and Redis', () => {
  const prefix = uniqueRedisPrefix();
  let harness: Harness;
  let otherDb: Db;
  let redis: Redis;

  before(async () => {
    await requireRedis();
    harness = await startHarness({ dialect: 'postgres', worker: false });
    // A second database handle has its own in-process flights: it stands for another worker.
    otherDb = openDatabase({ dialect: 'postgres', url: harness.database.env.DATABASE_URL ?? '' });
    redis = new Redis(TEST_REDIS_URL);
  });
  after(async () => {
    redis?.disconnect();
    await otherDb?.destroy();
    await harness?.close();
    await dropRedisPrefix(prefix);
  });

  async function eligibleJob(value: string): Promise<Job> {
    const account = await harness.account({ credits: 10, cacheReuse: true });
    const created = await submitJob(harness, account.headers, {
      source: 'source_01',
      country: 'de',
      values: [value],
    });
    const job = await findJob(harness.runtime.deps.db, String(created.job?._id));
    assert.ok(job, JSON.stringify(created));
    return job;
  }

  /** Serves the same value in two "processes" at once; answers the crawls made and how each was served. */
  async function serveInTwo(value: string, shared: Pick<ServeDeps, 'flightLocks'>) {
    // Holds asked and not yet answered: a process waiting there for the other one's crawl.
    let waiting = 0;
    const locks = shared.flightLocks;
    const flightLocks: KeyLocks | undefined = locks && {
      async hold(...args) {
        waiting += 1;
        try {
          return await locks.hold(...args);
        } finally {
          waiting -= 1;
        }
      },
    };
    const processes = [
      { ...harness.runtime.deps, flightLocks },
      { ...harness.runtime.deps, db: otherDb, flightLocks },
    ];
    const jobs = [await eligibleJob(value), await eligibleJob(value)];
    let crawls = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const crawl = async () => {
      crawls += 1;
      await gate;
      return found;
    };
    const serving = processes.map((deps, index) =>
      serveValue(deps, jobs[index]!, { index: 0, query: queryFor(value), crawl }),
    );
    await until('the first crawl started', () => crawls >= 1);
    // The second process has started its own crawl (no lock between them) or waits for the lock.
    await until('both processes crawl or wait for the lock', () => crawls + waiting >= 2);
    open();
    await Promise.all(serving);
    const served = [];
    for (const job of jobs) {
      const [result] = await listJobResults(harness.runtime.deps.db, job.id);
      served.push((JSON.parse(result ?? 'null') as { served_from: string }).served_from);
    }
    return { crawls, served: served.sort() };
  }

  it('crawls a value once while two processes ask for it, the second re-serving the first one', async () => {
    const locks = redisKeyLocks({ redis, keyPrefix: `${prefix}:flights` });
    const outcome = await serveInTwo('cluster flight shared', { flightLocks: locks });
    assert.deepEqual(outcome, { crawls: 1, served: ['cache', 'live'] });
  });

  it('would crawl it once per process with single-flight kept in each process', async () => {
    const outcome = await serveInTwo('cluster flight per process', { flightLocks: undefined });
    assert.deepEqual(outcome, { crawls: 2, served: ['live', 'live'] });
  });
});
