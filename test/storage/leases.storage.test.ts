import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { Db } from '../../src/platform/db/database.ts';
import { tryAcquireLease } from '../../src/platform/leases/leases.repository.ts';
import { startLeasedSchedule } from '../../src/platform/leases/leases.schedule.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';
import { until } from '../support/until.ts';

const silent = pino({ level: 'silent' });

for (const dialect of DIALECTS) {
  describe(`leases on ${dialect}`, () => {
    let database: TestDatabase;
    let first: Db;
    let second: Db;

    before(async () => {
      database = await createTestDatabase(dialect);
      // Two handles on one database stand for two processes of a cluster.
      first = await openMigratedTestDb(database, 'leases.sqlite');
      second = await openMigratedTestDb(database, 'leases.sqlite');
    });
    after(async () => {
      await first?.destroy();
      await second?.destroy();
      await database?.drop();
    });

    it('gives a lease to exactly one of many racing owners, and to another once it expired', async () => {
      const now = new Date('2026-01-01T00:00:00Z');
      const owners = Array.from({ length: 8 }, (_, index) => `owner-${index}`);
      const answers = await Promise.all(
        owners.map((owner, index) =>
          tryAcquireLease(index % 2 === 0 ? first : second, { name: 'race', owner, ttlMs: 1000, now }),
        ),
      );
      assert.equal(answers.filter(Boolean).length, 1, JSON.stringify(answers));
      const holder = owners[answers.indexOf(true)];
      const other = owners.find((owner) => owner !== holder) ?? '';
      const early = new Date(now.getTime() + 999);
      assert.equal(
        await tryAcquireLease(first, { name: 'race', owner: other, ttlMs: 1000, now: early }),
        false,
      );
      const late = new Date(now.getTime() + 1000);
      assert.equal(
        await tryAcquireLease(second, { name: 'race', owner: other, ttlMs: 1000, now: late }),
        true,
      );
    });

    it('runs a schedule of two processes once per period, not once per process', async () => {
      const periodMs = 300;
      const startedMs = Date.now();
      const runs: Array<{ owner: string; atMs: number }> = [];
      const schedules = [
        { db: first, owner: 'process-a' },
        { db: second, owner: 'process-b' },
      ].map(({ db, owner }) =>
        startLeasedSchedule(db, silent, {
          name: 'cleaner',
          owner,
          periodMs,
          checkIntervalMs: 20,
          run: async () => void runs.push({ owner, atMs: Date.now() }),
        }),
      );
      // Waits for the runs, not for a stretch of time: the counts below hold whenever it stops.
      await until('four runs of the schedule', () => runs.length >= 4);
      for (const schedule of schedules) schedule.stop();
      const elapsedMs = Date.now() - startedMs;
      // Runs a period apart: n of them span n - 1 periods; both processes running every period would
      // make twice as many. Gaps between runs are not compared: each run starts after its lease's
      // database round trip, whose time a loaded machine stretches unevenly.
      const most = Math.floor(elapsedMs / periodMs) + 1;
      assert.ok(runs.length <= most, `${runs.length} runs in ${elapsedMs} ms`);
    });
  });
}
