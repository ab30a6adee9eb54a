import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';

/** The dialects every storage test runs on. */
export const DIALECTS = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof DIALECTS)[number];

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway database: a fresh SQLite directory or a fresh PostgreSQL database. */
export interface TestDatabase {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * Connects the admin client or fails naming the URL and the fix. A missing PostgreSQL fails the
 * test, never skips it, so a CI run without the service cannot pass.
 */
async function connectOrExplain(admin: pg.Client): Promise<void> {
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (${reason}). The PostgreSQL tests need a server: ` +
        'CI starts one in .ci/run; locally start PostgreSQL or set TEST_POSTGRES_URL.',
    );
  }
}

/** The folder of the service's database code: its migrations make the schema a template holds. */
const DB_SOURCE = fileURLToPath(new URL('../../src/platform/db/', import.meta.url));

/**
 * The name of the migrated template of this checkout's schema: `pricecrawl_tpl_` and a hash of
 * the migration files and their list, so a changed or added migration makes a new template and
 * checkouts on different schemas (worktrees beside each other) never share one.
 */
function templateName(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(DB_SOURCE, 'migrate.ts')));
  for (const file of readdirSync(join(DB_SOURCE, 'migrations')).sort()) {
    hash.update(file).update(readFileSync(join(DB_SOURCE, 'migrations', file)));
  }
  return `pricecrawl_tpl_${hash.digest('hex').slice(0, 16)}`;
}

/** Any number, the same in every test process: the advisory lock around making a template. */
const TEMPLATE_LOCK = 7_319_019;

/**
 * Makes the migrated template database unless it exists, once per schema for every process:
 * migrating a fresh PostgreSQL database costs a quarter of a second or more (and the server's CPU
 * beside the tests'), copying a migrated one a fraction of that. Test processes race here, so the
 * first takes an advisory lock, migrates under another name and renames it when done; the others
 * wait on the lock and find it. The template takes no connections, so nothing holds it while
 * `create database … template` copies it (PostgreSQL refuses a template with open sessions).
 */
async function ensureTemplate(admin: pg.Client): Promise<string> {
  const template = templateName();
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await exists()) return template;
    const building = `${template}_building_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${building}`;
    const db = openDatabase({ dialect: 'postgres', url: url.toString() });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await waitForNoSessions(admin, building);
    await admin.query(`alter database ${building} rename to ${template}`);
    await admin.query(`alter database ${template} with is_template true allow_connections false`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** The template of this schema, looked up or made once per process. */
let template: Promise<string> | undefined;

/**
 * Waits until no session is connected to `name`: pg's pool.end() resolves before the server has
 * closed every session, and a database cannot be renamed, used as a template or dropped unforced
 * while one is.
 */
async function waitForNoSessions(client: pg.Client, name: string): Promise<void> {
  for (let checks = 0; checks < 100; checks += 1) {
    const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (open.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Creates an isolated database for one test file; `drop` removes it. A PostgreSQL one is a copy of
 * the migrated template (`ensureTemplate`): the service's migration at start finds every
 * migration applied, as it would after its first start.
 */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-test-'));
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `pricecrawl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await connectOrExplain(admin);
  try {
    template ??= ensureTemplate(admin);
    await admin.query(`create database ${name} template ${await template}`);
  } catch (error) {
    template = undefined;
    throw error;
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      // A forced drop would kill a session still closing, whose error surfaces as an uncaught
      // exception in the test.
      await waitForNoSessions(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens a test database with its schema migrated (the SQLite file is `fileName` in its directory). */
export async function openMigratedTestDb(database: TestDatabase, fileName: string): Promise<Db> {
  const db = openDatabase(
    database.env.DATABASE_URL
      ? { dialect: 'postgres', url: database.env.DATABASE_URL }
      : { dialect: 'sqlite', file: join(database.dataDir, fileName) },
  );
  await migrateToLatest(db);
  return db;
}
