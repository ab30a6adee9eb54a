import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { createAccount, createApiKey } from '../../src/accounts/provisioning/provisioning.service.ts';
import { buildApp } from '../../src/app.ts';
import { loadJwtSecret } from '../../src/accounts/auth/auth.service.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createRuntime, type Runtime } from '../../src/main/runtime.ts';
import { buildSandboxApp } from '../../src/sandbox/index.ts';
import { builtInSourceCountries } from '../../src/crawl/sources/sources.catalogue.ts';
import type { SandboxOptions } from '../../src/sandbox/index.ts';
import { createTestDatabase, type TestDialect, type TestDatabase } from './databases.ts';

/** A running service without a port: app for `inject`, a real sandbox over HTTP, a real database. */
export interface Harness {
  app: FastifyInstance;
  runtime: Runtime;
  sandbox: FastifyInstance;
  sandboxOrigin: string;
  database: TestDatabase;
  /** Creates an account with an API key; answers the headers that authenticate as it. */
  account(input?: {
    name?: string;
    plan?: 'self-serve' | 'enterprise';
    sources?: string;
    credits?: number;
    cacheReuse?: boolean;
  }): Promise<{ headers: Record<string, string>; accountId: string; key: string }>;
  close(): Promise<void>;
}

/** Starts a harness; `env` adds or overrides configuration variables. */
export async function startHarness(
  options: {
    dialect?: TestDialect;
    env?: Record<string, string>;
    sandbox?: SandboxOptions;
    worker?: boolean;
    /** Rewrites the PostgreSQL URL the service connects to (a fault-injecting proxy in between). */
    routeDatabaseUrl?: (url: string) => string;
    /** The process logger (default silent), e.g. one that captures lines for a test. */
    logger?: Logger;
  } = {},
): Promise<Harness> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite');
  const sandbox = buildSandboxApp(options.sandbox ?? {});
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxPort = (sandbox.server.address() as AddressInfo).port;
  const routed = database.env.DATABASE_URL && options.routeDatabaseUrl?.(database.env.DATABASE_URL);
  const config = loadConfig(
    {
      ...database.env,
      ...(routed ? { DATABASE_URL: routed } : {}),
      SANDBOX_PORT: String(sandboxPort),
      LOG_LEVEL: 'silent',
      CRAWL_REQUEST_TIMEOUT_MS: '5000',
      // Tests poll and hammer; the rate limit has its own test with its own settings.
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '100000',
      AUTH_FAILURE_BURST: '100000',
      ...options.env,
    },
    // As the process shells read it: CRAWL_LIMITS checked against the catalogue.
    builtInSourceCountries(),
  );
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
  return assembleHarness({ sandbox, sandboxOrigin, database }, config, {
    worker: options.worker,
    accountPrefix: 'acct',
    logger: options.logger,
  });
}

/** What a harness keeps across a restart: the sandbox and the database. */
export type HarnessFixtures = Pick<Harness, 'sandbox' | 'sandboxOrigin' | 'database'>;

/** Accounts made so far per name prefix, so every account name in a test run is unique. */
const accountCounts = new Map<string, number>();

/**
 * Starts a runtime and app on `config` around the fixtures. `startHarness` and `restartRuntime`
 * both build through here so a restarted harness is the same service as a fresh one; their
 * `accountPrefix` keeps the names of accounts made before and after a restart apart.
 */
export async function assembleHarness(
  fixtures: HarnessFixtures,
  config: Config,
  options: { worker?: boolean; accountPrefix: string; logger?: Logger },
): Promise<Harness> {
  const runtime = await createRuntime(config, options.logger ?? pino({ level: 'silent' }));
  const app = await buildApp(runtime.deps, { jwtSecret: await loadJwtSecret(runtime.deps.db) });
  if (options.worker !== false) runtime.startWorker();
  return {
    ...fixtures,
    app,
    runtime,
    async account(input = {}) {
      const count = (accountCounts.get(options.accountPrefix) ?? 0) + 1;
      accountCounts.set(options.accountPrefix, count);
      const { account } = await createAccount(runtime.deps, {
        name: input.name ?? `${options.accountPrefix}${count}`,
        plan: input.plan ?? 'self-serve',
        sources: input.sources,
        credits: input.credits ?? 100_000,
        cacheReuse: input.cacheReuse ?? false,
      });
      const { key } = await createApiKey(runtime.deps.db, account);
      return { headers: { 'x-api-key': key }, accountId: account.id, key };
    },
    async close() {
      await app.close();
      await runtime.close();
      await fixtures.sandbox.close();
      await fixtures.database.drop();
    },
  };
}

/** Fetches the sandbox's ground truth for a pair. */
/**
 * A worker runtime as `pricecrawl worker` builds it, on the harness's database and sandbox, with
 * `env` on top (queue engine, prefixes, limits); its queue is started. The caller closes it.
 */
export async function startWorkerRuntime(harness: Harness, env: Record<string, string>): Promise<Runtime> {
  const config = loadConfig(
    {
      ...harness.database.env,
      ...env,
      ROLE: 'worker',
      SANDBOX_PORT: new URL(harness.sandboxOrigin).port,
      LOG_LEVEL: 'silent',
    },
    builtInSourceCountries(),
  );
  const runtime = await createRuntime(config, pino({ level: 'silent' }));
  runtime.startWorker();
  return runtime;
}

export async function fetchTruth(harness: Harness, source: string, country: string): Promise<SandboxTruth> {
  const response = await fetch(`${harness.sandboxOrigin}/catalog.json?source=${source}&country=${country}`);
  return (await response.json()) as SandboxTruth;
}

/** The part of `/catalog.json?source=&country=` that tests read. */
export interface SandboxTruth {
  products: Array<Record<string, unknown> & { content: Record<string, unknown> }>;
  not_found: Record<string, string[]>;
  terms?: unknown;
}
