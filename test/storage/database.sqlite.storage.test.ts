import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { openDatabase, type Db } from '../../src/platform/db/database.ts';
import { ServiceSqliteDialect, cacheStatements } from '../../src/platform/db/database.sqlite.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { toAppError } from '../../src/platform/errors/app-error.ts';
import { sleep } from '../../src/platform/lib/time.ts';

// SQLite only: this is the SQLite dialect itself. Two handles on one file behave as two processes
// do (each has its own connection and locks), so the lock tests need no child process.

const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-sqlite-'));
let files = 0;
const newFile = () => join(dir, `db-${(files += 1)}.sqlite`);

interface Counter {
  counters: { id: number; value: number };
}

function openCounter(file: string, busyTimeoutMs = 15_000): Kysely<Counter> {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  return new Kysely<Counter>({ dialect: new ServiceSqliteDialect({ database, busyTimeoutMs }) });
}

async function createCounter(db: Kysely<Counter>): Promise<void> {
  await sql`create table counters (id integer primary key, value integer not null)`.execute(db);
  await db.insertInto('counters').values({ id: 1, value: 0 }).execute();
}

/** Read, yield to the event loop, then write: the shape of a credit decision or a queue claim. */
async function incrementTwice(db: Kysely<Counter>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('counters')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await sleep(1);
    await trx
      .updateTable('counters')
      .set({ value: row.value + 1 })
      .where('id', '=', 1)
      .execute();
  });
}

describe('the SQLite dialect', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prepares a statement once per SQL text and evicts the least recently used', () => {
    const database = new SQLite(':memory:');
    const cached = cacheStatements(database, 2);
    const a = cached.prepare('select 1');
    assert.equal(cached.prepare('select 1'), a, 'a hit answers the same statement');
    const b = cached.prepare('select 2');
    cached.prepare('select 1'); // now "select 2" is the least recently used
    cached.prepare('select 3');
    assert.equal(cached.prepare('select 1'), a, 'the recently used statement stays');
    assert.notEqual(cached.prepare('select 2'), b, 'the least recently used was evicted');
    cached.close();
  });

  it('gives a statement that is being iterated a fresh one, so both read correctly', () => {
    const database = new SQLite(':memory:');
    const cached = cacheStatements(database);
    database.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const text = 'select n from t where n >= ?';
    const outer = cached.prepare(text);
    const seen: number[][] = [];
    for (const row of outer.iterate([1]) as Iterable<{ n: number }>) {
      const inner = cached.prepare(text);
      assert.notEqual(inner, outer);
      seen.push([row.n, inner.all([row.n]).length]);
    }
    assert.deepEqual(seen, [
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
    cached.close();
  });

  it('answers correctly through Kysely with a cache smaller than the statements used', async () => {
    const database = new SQLite(newFile());
    const db = new Kysely<Counter>({
      dialect: new ServiceSqliteDialect({ database, busyTimeoutMs: 1000, statementCacheCapacity: 2 }),
    });
    await createCounter(db);
    for (let id = 2; id <= 20; id += 1)
      await db
        .insertInto('counters')
        .values({ id, value: id * 10 })
        .execute();
    await db.updateTable('counters').set({ value: 7 }).where('id', '=', 1).execute();
    const one = await db.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
    assert.equal(one.value, 7);
    const big = await db.selectFrom('counters').select('id').where('value', '>', 150).orderBy('id').execute();
    assert.deepEqual(
      big.map((row) => row.id),
      [16, 17, 18, 19, 20],
    );
    // A stream left after its first row frees its statement: the same query runs again at once.
    const query = db.selectFrom('counters').select(['id', 'value']).where('id', '<=', 3).orderBy('id');
    for await (const row of query.stream()) {
      assert.deepEqual(row, { id: 1, value: 7 });
      break;
    }
    assert.deepEqual(
      (await query.execute()).map((row) => row.id),
      [1, 2, 3],
    );
    await db.destroy();
  });

  it('lets two connections run read-then-write transactions at once without a lock error or a lost update', async () => {
    const file = newFile();
    const first = openCounter(file);
    const second = openCounter(file);
    await createCounter(first);
    const rounds = 40;
    await Promise.all(Array.from({ length: rounds }, (_, i) => incrementTwice(i % 2 === 0 ? first : second)));
    const row = await first.selectFrom('counters').select('value').executeTakeFirstOrThrow();
    assert.equal(row.value, rounds, 'every increment counted once');
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it('waits for a lock without blocking the event loop, then fails with a 503 database_busy', async () => {
    const file = newFile();
    const holder = openCounter(file);
    // A busy timeout long enough for a loaded machine to run several 10 ms timers while it waits; a
    // wait that blocked the event loop would let at most one run, after it.
    const waiter = openCounter(file, 600);
    await createCounter(holder);
    let release = () => {};
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const held = holder.transaction().execute(async (trx) => {
      await trx.updateTable('counters').set({ value: 1 }).execute();
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const refused = await waiter
      .updateTable('counters')
      .set({ value: 2 })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    clearInterval(ticker);
    release();
    await held;
    assert.ok(refused, 'the write failed once the busy timeout passed');
    assert.match(String((refused as Error).message), /database is locked/);
    assert.equal(toAppError(refused).code, 'database_busy');
    assert.equal(toAppError(refused).httpStatus, 503);
    assert.ok(ticks >= 3, `timers ran while the write waited (${ticks} ticks)`);
    await waiter.updateTable('counters').set({ value: 2 }).execute();
    await Promise.all([holder.destroy(), waiter.destroy()]);
  });

  it('migrates one file from two connections at once', async () => {
    const file = newFile();
    const handles: Db[] = [
      openDatabase({ dialect: 'sqlite', file }),
      openDatabase({ dialect: 'sqlite', file }),
    ];
    await Promise.all(handles.map((db) => migrateToLatest(db)));
    const applied = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(handles[0]!);
    const names = await sql<{ n: number }>`select count(distinct name) as n from kysely_migration`.execute(
      handles[0]!,
    );
    assert.equal(applied.rows[0]?.n, names.rows[0]?.n, 'no migration applied twice');
    await Promise.all(handles.map((db) => db.destroy()));
  });
});
