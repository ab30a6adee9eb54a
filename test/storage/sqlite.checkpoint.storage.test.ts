import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/platform/db/database.ts';
import {
  MAX_THREAD_FAILURES,
  startCheckpointer,
  type CheckpointOutcome,
  type CheckpointSettings,
} from '../../src/platform/db/database.checkpoint.ts';

// SQLite only: checkpoints are SQLite's (PostgreSQL has none of its own to run). Sizes, not times,
// are asserted; waits are on the checkpointer's own report of each checkpoint.

const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-checkpoint-'));
let files = 0;
const newFile = () => join(dir, `db-${(files += 1)}.sqlite`);
const MiB = 1024 * 1024;
const NEVER = { intervalMs: 3_600_000, walBytes: 2 ** 32 };
const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** Checkpoint settings that record every outcome, and a wait for the first outcome matching a test. */
function recorded(settings: Omit<CheckpointSettings, 'onCheckpoint'>) {
  const seen: CheckpointOutcome[] = [];
  const waiters: {
    test: (outcome: CheckpointOutcome) => boolean;
    resolve: (o: CheckpointOutcome) => void;
  }[] = [];
  const onCheckpoint = (outcome: CheckpointOutcome) => {
    seen.push(outcome);
    for (const waiter of waiters.filter((entry) => entry.test(outcome))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(outcome);
    }
  };
  // The checkpointer's timer never keeps a process alive; a test waiting for it does.
  const next = (test: (outcome: CheckpointOutcome) => boolean = () => true) => {
    const keepAlive = setInterval(() => undefined, 60_000);
    return new Promise<CheckpointOutcome>((resolve) => waiters.push({ test, resolve })).finally(() =>
      clearInterval(keepAlive),
    );
  };
  return { settings: { ...settings, onCheckpoint }, seen, next };
}

async function createBlobs(db: Db): Promise<void> {
  await sql`create table blobs (id integer primary key, body blob not null)`.execute(db);
}

/** Writes `megabytes` MiB in one transaction (one COMMIT), as a large submission does. */
async function writeMegabytes(db: Db, megabytes: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < megabytes * 16; i += 1) {
      await sql`insert into blobs (body) values (randomblob(65536))`.execute(trx);
    }
  });
}

async function blobCount(file: string): Promise<number> {
  const reader = new SQLite(file, { readonly: true });
  try {
    return (reader.prepare('select count(*) as n from blobs').get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

describe('SQLite checkpoints on a thread of their own', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a commit of the process never copies the WAL into the database file: auto-checkpoint is off', async () => {
    const file = newFile();
    const db = openDatabase({ dialect: 'sqlite', file, checkpoint: NEVER });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      assert.equal(rows[0]?.wal_autocheckpoint, 0);
      await createBlobs(db);
      // 8 MiB is about 2 000 pages, twice SQLite's default auto-checkpoint of 1 000 pages.
      await writeMegabytes(db, 8);
      assert.ok(sizeOf(`${file}-wal`) > 8 * MiB, 'the written pages are in the WAL');
      assert.ok(
        sizeOf(file) < MiB,
        `the database file stays small (${sizeOf(file)} bytes): no checkpoint ran`,
      );
    } finally {
      await db.destroy();
    }
  });

  it('the thread checkpoints once the WAL passes its size and cuts the WAL file back to nothing', async () => {
    const file = newFile();
    const checkpoints = recorded({ intervalMs: 3_600_000, walBytes: MiB });
    const db = openDatabase({ dialect: 'sqlite', file, checkpoint: checkpoints.settings });
    try {
      await createBlobs(db);
      const copied = checkpoints.next((outcome) => outcome.walBytesBefore > 8 * MiB);
      await writeMegabytes(db, 8);
      const outcome = await copied;
      assert.equal(outcome.mode, 'PASSIVE');
      assert.equal(outcome.busy, false);
      assert.equal(outcome.checkpointedFrames, outcome.walFrames, 'every frame was copied');
      assert.equal(outcome.truncated, true);
      assert.equal(outcome.walBytesAfter, 0);
      assert.ok(sizeOf(file) > 8 * MiB, 'the pages are in the database file');
    } finally {
      await db.destroy();
    }
  });

  it('keeps the WAL file within its size plus one transaction across many large commits', async () => {
    const file = newFile();
    const checkpoints = recorded({ intervalMs: 3_600_000, walBytes: MiB });
    const db = openDatabase({ dialect: 'sqlite', file, checkpoint: checkpoints.settings });
    try {
      await createBlobs(db);
      for (let round = 0; round < 6; round += 1) {
        const copied = checkpoints.next((outcome) => outcome.walBytesBefore > 2 * MiB);
        await writeMegabytes(db, 2);
        assert.ok(
          sizeOf(`${file}-wal`) < MiB + 2.5 * MiB,
          `round ${round}: WAL ${sizeOf(`${file}-wal`)} bytes`,
        );
        await copied;
      }
      assert.equal(await blobCount(file), 6 * 2 * 16);
    } finally {
      await db.destroy();
    }
  });

  it('closing a database whose thread runs ends with a final checkpoint, no WAL left and every row kept', async () => {
    const file = newFile();
    const checkpoints = recorded({ intervalMs: 3_600_000, walBytes: MiB });
    const db = openDatabase({ dialect: 'sqlite', file, checkpoint: checkpoints.settings });
    await createBlobs(db);
    const first = checkpoints.next();
    await writeMegabytes(db, 2);
    await first;
    // Below the size: only the final checkpoint of the close copies these.
    await sql`insert into blobs (body) values (randomblob(1000))`.execute(db);
    await db.destroy();
    assert.equal(checkpoints.seen.at(-1)?.mode, 'FINAL');
    assert.equal(existsSync(`${file}-wal`), false, 'closing the last connection removed the WAL');
    assert.equal(await blobCount(file), 2 * 16 + 1);
  });

  it('a checkpoint thread that keeps failing hands checkpointing back to the connection', async () => {
    const file = newFile();
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('wal_autocheckpoint = 0');
    database.exec('create table blobs (id integer primary key, body blob not null)');
    database.prepare('insert into blobs (body) values (randomblob(1048576))').run();
    const problems: string[] = [];
    const keepAlive = setInterval(() => undefined, 60_000);
    const handedBack = new Promise<void>((resolve) => {
      const checkpointer = startCheckpointer(
        {
          file,
          entry: new URL('../support/checkpoint-faulty.worker.ts', import.meta.url),
          fallBack: () => {
            database.pragma('wal_autocheckpoint = 1000');
            void checkpointer.close().then(resolve);
          },
        },
        { intervalMs: 3_600_000, walBytes: 65_536, onProblem: (message) => problems.push(message) },
      );
    }).finally(() => clearInterval(keepAlive));
    await handedBack;
    assert.equal(problems.filter((message) => message.includes('in a row')).length, MAX_THREAD_FAILURES);
    assert.deepEqual(database.pragma('wal_autocheckpoint'), [{ wal_autocheckpoint: 1000 }]);
    database.close();
  });

  it('closing an idle database that never needed a checkpoint starts no thread and keeps every row', async () => {
    const file = newFile();
    const checkpoints = recorded(NEVER);
    const db = openDatabase({ dialect: 'sqlite', file, checkpoint: checkpoints.settings });
    await createBlobs(db);
    await sql`insert into blobs (body) values (randomblob(1000))`.execute(db);
    await db.destroy();
    assert.deepEqual(checkpoints.seen, [], 'no checkpoint ran on a thread');
    assert.equal(await blobCount(file), 1);
  });
});
