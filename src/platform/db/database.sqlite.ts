import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
  type TransactionSettings,
} from 'kysely';
import { isDatabaseBusy } from '../errors/app-error.ts';
import type { Checkpointer } from './database.checkpoint.ts';
import { sleep } from '../lib/time.ts';

/**
 * The SQLite side of the storage layer, made for several processes on one file (WAL mode): every
 * transaction takes the write lock when it begins, lock waits do not stall the event loop, and
 * statements are prepared once per SQL text.
 */

/** Statements kept prepared per connection; the service issues a few hundred distinct SQL texts. */
export const STATEMENT_CACHE_CAPACITY = 500;

/**
 * How long SQLite itself waits for a lock inside one call. better-sqlite3 is synchronous, so this
 * wait blocks the event loop: it is kept short and longer waits happen in `withBusyRetry`, between
 * turns of the event loop.
 */
export const SYNC_BUSY_TIMEOUT_MS = 10;

/**
 * Wraps a better-sqlite3 database so that `prepare` answers a cached statement per SQL text (a
 * bounded LRU). A better-sqlite3 statement can be run again with new parameters; only one that is
 * still being iterated (`busy`) cannot, so such a text gets a fresh, uncached statement.
 */
export function cacheStatements(
  database: SQLite.Database,
  capacity: number = STATEMENT_CACHE_CAPACITY,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        if (cached.busy) return database.prepare(sql);
        // Map keeps insertion order: moving the entry to the end makes the first the least recent.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/**
 * Runs `attempt` until it stops failing with a lock error (SQLITE_BUSY, "database is locked") or
 * `busyTimeoutMs` have passed, sleeping between tries so other work of this process goes on. Only
 * for statements that change nothing when refused: `BEGIN IMMEDIATE` and single statements outside
 * a transaction (each is atomic).
 */
export async function withBusyRetry<T>(attempt: () => Promise<T>, busyTimeoutMs: number): Promise<T> {
  const deadline = Date.now() + busyTimeoutMs;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseBusy(error) || Date.now() >= deadline) throw error;
      await sleep(Math.min(2 ** tries, 50, Math.max(1, deadline - Date.now())));
    }
  }
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

/** Kysely's one SQLite connection, with lock waits retried outside transactions. */
class RetryingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly database: SQLite.Database,
    private readonly busyTimeoutMs: number,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction the write lock is held already (BEGIN IMMEDIATE) and a statement is
    // never retried: a refused one would leave the transaction's earlier work to the caller.
    if (this.database.inTransaction) return this.inner.executeQuery<R>(query);
    return withBusyRetry(() => this.inner.executeQuery<R>(query), this.busyTimeoutMs);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Kysely's SQLite driver (its single connection and the mutex that hands it out are kept as they
 * are) with `BEGIN IMMEDIATE` for every transaction. A deferred `BEGIN` reads first and upgrades to
 * the write lock at its first write; in WAL mode an upgrade that meets another process's write
 * fails at once with SQLITE_BUSY (the busy timeout does not apply, since waiting could not make the
 * transaction's snapshot current). Taking the lock up front makes writers queue instead.
 */
class ImmediateTransactionDriver implements Driver {
  #connection: RetryingConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly database: SQLite.Database,
    private readonly busyTimeoutMs: number,
    private readonly checkpointer: Checkpointer | undefined,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (this.#connection?.inner !== connection) {
      this.#connection = new RetryingConnection(connection, this.database, this.busyTimeoutMs);
    }
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await withBusyRetry(() => innerOf(connection).executeQuery(BEGIN_IMMEDIATE), this.busyTimeoutMs);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(innerOf(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  /**
   * The final checkpoint runs on the checkpoint thread before this connection closes; the thread's
   * connection closes after it, so that SQLite's checkpoint on closing the last connection to the
   * file runs there too, not here.
   */
  async destroy(): Promise<void> {
    await this.checkpointer?.finish();
    await this.inner.destroy();
    await this.checkpointer?.close();
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof RetryingConnection ? connection.inner : connection;
}

/**
 * SQLite runs schema changes inside transactions; saying so makes Kysely's migrator run every
 * migration of a start in one (immediate) transaction. Its SQLite migration lock is a no-op that
 * counts on one connection, so without this two processes starting at once could both apply the
 * same migration; with it the second waits, then finds nothing pending.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** What the SQLite dialect of the service is made of. */
export interface SqliteDialectOptions {
  /** The open better-sqlite3 database (its pragmas set). */
  database: SQLite.Database;
  /** How long a statement waits for another process's write lock before it fails (SQLITE_BUSY). */
  busyTimeoutMs: number;
  /** Prepared statements kept; 0 prepares every statement anew (Kysely's own behaviour). */
  statementCacheCapacity?: number;
  /** Checkpoints the file off the event loop; finished and closed with the dialect's driver. */
  checkpointer?: Checkpointer;
}

/**
 * Kysely's `SqliteDialect` with immediate transactions, lock waits off the event loop and a
 * prepared-statement cache. The connection's own busy timeout is set short here (see
 * `SYNC_BUSY_TIMEOUT_MS`).
 */
export class ServiceSqliteDialect extends SqliteDialect {
  readonly #options: SqliteDialectOptions;

  constructor(options: SqliteDialectOptions) {
    const capacity = options.statementCacheCapacity ?? STATEMENT_CACHE_CAPACITY;
    super({ database: capacity > 0 ? cacheStatements(options.database, capacity) : options.database });
    options.database.pragma(`busy_timeout = ${Math.min(SYNC_BUSY_TIMEOUT_MS, options.busyTimeoutMs)}`);
    this.#options = options;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(
      super.createDriver(),
      this.#options.database,
      this.#options.busyTimeoutMs,
      this.#options.checkpointer,
    );
  }
}
