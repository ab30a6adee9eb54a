import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql, type Transaction } from 'kysely';
import type { Pool } from 'pg';
import type { DatabaseSchema } from './database.schema.ts';
import { ServiceSqliteDialect } from './database.sqlite.ts';
import {
  DEFAULT_CHECKPOINT_SETTINGS,
  startCheckpointer,
  type CheckpointSettings,
} from './database.checkpoint.ts';

/** The typed Kysely handle used across the service (a transaction is one too). */
export type Db = Kysely<DatabaseSchema>;
/** A transaction handle; repository functions accept either. */
export type Trx = Transaction<DatabaseSchema>;
/** Which SQL dialect a handle speaks. */
export type DialectName = 'sqlite' | 'postgres';

/**
 * Where the data lives: a SQLite file (embedded default) or a PostgreSQL URL (distributed). On
 * SQLite, `busyTimeoutMs` bounds how long a statement waits for another process's write lock
 * (default `SQLITE_BUSY_TIMEOUT_MS`) and `checkpoint` says when the checkpoint thread copies the
 * WAL into the file (default `DEFAULT_CHECKPOINT_SETTINGS`).
 */
export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string; busyTimeoutMs?: number; checkpoint?: CheckpointSettings }
  | { dialect: 'postgres'; url: string };

/**
 * Default wait for another process's SQLite write lock. A 100 000-value submission holds it for a
 * few seconds (one transaction), so the default outlasts that.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 15_000;

/**
 * Opens the database. SQLite runs in WAL mode so readers never block the writer; several processes
 * may share the file: each transaction takes the write lock when it begins (`BEGIN IMMEDIATE`) and
 * waits for it without blocking the event loop (`database.sqlite.ts`).
 */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.dialect === 'postgres') {
    // pg loads with the first connection: the embedded default (SQLite) never needs it.
    return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: () => openPool(target.url) }) });
  }
  mkdirSync(dirname(target.file), { recursive: true });
  const busyTimeoutMs = target.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS;
  const sqlite = new SQLite(target.file, { timeout: busyTimeoutMs });
  // Opening waits for other processes synchronously (startup only); the dialect then shortens it.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Checkpoints run on a thread of their own (database.checkpoint.ts), never inside a COMMIT here;
  // a WAL reset after one is cut back to the size that triggers the next.
  const checkpoint = target.checkpoint ?? DEFAULT_CHECKPOINT_SETTINGS;
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma(`journal_size_limit = ${checkpoint.walBytes}`);
  const checkpointer = startCheckpointer(
    { file: target.file, fallBack: () => sqlite.pragma('wal_autocheckpoint = 1000') },
    checkpoint,
  );
  return new Kysely<DatabaseSchema>({
    dialect: new ServiceSqliteDialect({ database: sqlite, busyTimeoutMs, checkpointer }),
  });
}

async function openPool(url: string): Promise<Pool> {
  const { default: pg } = await import('pg');
  // pg returns int8 (count, sum) as strings; every such figure here fits in a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While PostgreSQL is unreachable a query fails after this instead of waiting for ever
    // (the API answers 503 database_unavailable); the next query makes a new connection.
    connectionTimeoutMillis: 5000,
  });
  // A connection that breaks (PostgreSQL restarted, network cut) is dropped from the pool and its
  // query fails; without these listeners the 'error' event of the pool (idle connection) or of
  // the client (connection in use) would end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Tells the dialect of a handle, for the few statements that differ (row locks, SKIP LOCKED). */
export function dialectOf(db: Db | Trx): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A reachability check of the database for `GET /health`. */
export interface DatabaseProbe {
  ping(): Promise<void>;
  close(): void;
}

/**
 * Opens the health probe of `db`. SQLite has one connection, which a submission's transaction holds
 * until it commits (seconds for 100 000 values), so the probe reads through a read-only connection
 * of its own, which WAL mode never blocks; PostgreSQL's pool already has connections to spare.
 */
export function openDatabaseProbe(db: Db, target: DatabaseTarget): DatabaseProbe {
  if (target.dialect === 'postgres') {
    return { ping: async () => void (await sql`select 1`.execute(db)), close: () => undefined };
  }
  const probe = new SQLite(target.file, { readonly: true, fileMustExist: true });
  const statement = probe.prepare('select count(*) from sqlite_master');
  return { ping: async () => void statement.get(), close: () => probe.close() };
}
