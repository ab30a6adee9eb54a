import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Creates an isolated database for one test file; `drop` removes it. */
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
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      // pg's pool.end() resolves before the server has closed every session; a forced drop would
      // then kill a closing session, whose error surfaces as an uncaught exception in the test.
      for (let checks = 0; checks < 100; checks += 1) {
        const open = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
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
