/**
 * SQLite statement benchmark (issue 11, "cache prepared statements"): runs the statement mix of one
 * crawled value's bookkeeping through Kysely on a temp SQLite file (WAL, synchronous NORMAL, as the
 * service opens it), once per dialect, side by side in one run:
 *
 * - `kysely`: Kysely's own `SqliteDialect` (the baseline: `prepare` per statement, plain `BEGIN`);
 * - `service, no cache`: the service's dialect (`BEGIN IMMEDIATE`, lock waits off the event loop)
 *   with its statement cache off, to show what the immediate transactions cost alone;
 * - `service`: the service's dialect as `openDatabase` builds it (cache of 500 statements).
 *
 * Per value: a claim transaction (select the due task, lock it), a record transaction (job row,
 * account row, running totals, two ledger inserts, the value's result, the job counter) and the
 * task's delete: 11 statements and 2 transactions. Rounds alternate the dialects so machine noise
 * falls on all of them alike; the median round is printed.
 *
 *   npx tsx bench/sqlite.ts [--values 2000] [--rounds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Dialect } from 'kysely';
import { ServiceSqliteDialect } from '../src/platform/db/database.sqlite.ts';

const { values: args } = parseArgs({
  options: { values: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' } },
});
const VALUE_COUNT = Number(args.values);
const ROUNDS = Number(args.rounds);

interface Schema {
  tasks: {
    id: string;
    payload: string;
    run_at: string;
    locked_by: string | null;
    locked_until: string | null;
    attempts: number;
  };
  jobs: { id: string; account_id: string; done: number; all_count: number; status: string };
  accounts: { id: string; overage: number; budget_cap: number | null };
  ledger: {
    id: string;
    account_id: string;
    job_id: string;
    value_index: number;
    kind: string;
    amount: number;
    balance: number;
    created_at: string;
  };
  job_values: { job_id: string; idx: number; value: string; result: string | null };
}

const DIALECTS: Record<string, (database: SQLite.Database) => Dialect> = {
  kysely: (database) => new SqliteDialect({ database }),
  'service, no cache': (database) =>
    new ServiceSqliteDialect({ database, busyTimeoutMs: 15_000, statementCacheCapacity: 0 }),
  service: (database) => new ServiceSqliteDialect({ database, busyTimeoutMs: 15_000 }),
};

async function setUp(db: Kysely<Schema>): Promise<void> {
  for (const statement of [
    'create table tasks (id text primary key, payload text not null, run_at text not null, locked_by text, locked_until text, attempts integer not null)',
    'create index tasks_due on tasks (run_at)',
    'create table jobs (id text primary key, account_id text not null, done integer not null, all_count integer not null, status text not null)',
    'create table accounts (id text primary key, overage integer not null, budget_cap integer)',
    'create table ledger (id text primary key, account_id text not null, job_id text not null, value_index integer not null, kind text not null, amount integer not null, balance integer not null, created_at text not null)',
    'create index ledger_account on ledger (account_id, created_at)',
    'create table job_values (job_id text not null, idx integer not null, value text not null, result text, primary key (job_id, idx))',
  ]) {
    await sql.raw(statement).execute(db);
  }
  await db.insertInto('accounts').values({ id: 'acc', overage: 0, budget_cap: null }).execute();
  await db
    .insertInto('jobs')
    .values({ id: 'job', account_id: 'acc', done: 0, all_count: VALUE_COUNT, status: 'running' })
    .execute();
  await db
    .insertInto('ledger')
    .values({
      id: 'grant',
      account_id: 'acc',
      job_id: 'job',
      value_index: -1,
      kind: 'grant',
      amount: 1e9,
      balance: 1e9,
      created_at: new Date(0).toISOString(),
    })
    .execute();
  const now = new Date().toISOString();
  for (let start = 0; start < VALUE_COUNT; start += 500) {
    const indexes = Array.from({ length: Math.min(500, VALUE_COUNT - start) }, (_, i) => start + i);
    await db
      .insertInto('tasks')
      .values(
        indexes.map((i) => ({
          id: `t${i}`,
          payload: JSON.stringify({ jobId: 'job', index: i }),
          run_at: now,
          locked_by: null,
          locked_until: null,
          attempts: 0,
        })),
      )
      .execute();
    await db
      .insertInto('job_values')
      .values(indexes.map((i) => ({ job_id: 'job', idx: i, value: `v${i}`, result: null })))
      .execute();
  }
}

/** One value's bookkeeping: claim, record (credits, result, counter), delete the task. */
async function processOneValue(db: Kysely<Schema>, valueIndex: number): Promise<void> {
  const now = new Date().toISOString();
  const [task] = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('tasks')
      .select('id')
      .where('run_at', '<=', now)
      .where('locked_until', 'is', null)
      .orderBy('run_at')
      .limit(1)
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('tasks')
      .set((eb) => ({ locked_by: 'w', locked_until: now, attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returningAll()
      .execute();
  });
  if (!task) throw new Error('no task left');
  const { index } = JSON.parse(task.payload) as { index: number };
  await db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('jobs').selectAll().where('id', '=', 'job').executeTakeFirstOrThrow();
    await trx
      .selectFrom('accounts')
      .select(['overage', 'budget_cap'])
      .where('id', '=', job.account_id)
      .executeTakeFirstOrThrow();
    const totals = await trx
      .selectFrom('ledger')
      .select('balance')
      .where('account_id', '=', job.account_id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const entry = { account_id: job.account_id, job_id: job.id, value_index: index, created_at: now };
    await trx
      .insertInto('ledger')
      .values({ ...entry, id: `r${valueIndex}`, kind: 'release', amount: 1, balance: totals.balance + 1 })
      .execute();
    await trx
      .insertInto('ledger')
      .values({ ...entry, id: `c${valueIndex}`, kind: 'charge', amount: -1, balance: totals.balance })
      .execute();
    await trx
      .updateTable('job_values')
      .set({ result: JSON.stringify({ index, success: true, price: 9.99 }) })
      .where('job_id', '=', job.id)
      .where('idx', '=', index)
      .where('result', 'is', null)
      .execute();
    await trx
      .updateTable('jobs')
      .set((eb) => ({ done: eb('done', '+', 1) }))
      .where('id', '=', job.id)
      .execute();
  });
  await db.deleteFrom('tasks').where('id', '=', task.id).execute();
}

interface Round {
  valuesPerSecond: number;
  cpuMsPerValue: number;
}

async function runRound(dir: string, name: string, round: number): Promise<Round> {
  const database = new SQLite(join(dir, `${name.replace(/\W+/g, '-')}-${round}.sqlite`));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  const make = DIALECTS[name];
  if (!make) throw new Error(`no dialect ${name}`);
  const db = new Kysely<Schema>({ dialect: make(database) });
  await setUp(db);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < VALUE_COUNT; i += 1) await processOneValue(db, i);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const done = await db.selectFrom('jobs').select('done').executeTakeFirstOrThrow();
  if (done.done !== VALUE_COUNT) throw new Error(`${name}: ${done.done} of ${VALUE_COUNT} values recorded`);
  await db.destroy();
  return {
    valuesPerSecond: VALUE_COUNT / seconds,
    cpuMsPerValue: (cpu.user + cpu.system) / 1000 / VALUE_COUNT,
  };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-bench-sqlite-'));
try {
  const rounds = new Map<string, Round[]>(Object.keys(DIALECTS).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of Object.keys(DIALECTS)) rounds.get(name)?.push(await runRound(dir, name, round));
  }
  const baseline = median((rounds.get('kysely') ?? []).map((r) => r.valuesPerSecond));
  const baselineCpu = median((rounds.get('kysely') ?? []).map((r) => r.cpuMsPerValue));
  const rows = [...rounds].map(([name, results]) => {
    const valuesPerSecond = median(results.map((r) => r.valuesPerSecond));
    const cpuMsPerValue = median(results.map((r) => r.cpuMsPerValue));
    return {
      dialect: name,
      values_per_s: Math.round(valuesPerSecond),
      statements_per_s: Math.round(valuesPerSecond * 11),
      speed_vs_kysely: `${(valuesPerSecond / baseline).toFixed(2)}x`,
      cpu_ms_per_value: Number(cpuMsPerValue.toFixed(3)),
      cpu_vs_kysely: `${(cpuMsPerValue / baselineCpu).toFixed(2)}x`,
    };
  });
  console.log(
    `${VALUE_COUNT} values per round (11 statements, 2 transactions each), median of ${ROUNDS} rounds`,
  );
  console.table(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
