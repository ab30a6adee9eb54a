/**
 * The service's configuration. `loadConfig` is the only reader of `process.env`: every variable is
 * declared once below with its default and unit, all bad variables are reported together, and the
 * result is frozen and passed explicitly to whatever needs it.
 */
import { resolve } from 'node:path';
import {
  checkCrawlLimitPairs,
  type CrawlLimits,
  type SourceCountries,
} from './platform/config/config.crawl-limits.ts';
import {
  ConfigValueError,
  integer,
  positiveNumber,
  text,
  oneOf,
  boolean,
  jsonObject,
  isRecordOf,
  isString,
  isStringList,
  isObject,
  isGroupCommitFault,
  list,
  apiKey,
  databaseUrl,
  httpUrl,
  email,
  password,
  keyId,
  redisUrl,
  trustProxy,
  crawlLimits,
  renderSettings,
  computeThreads,
  autoComputeThreads,
  countryCode,
  type GroupCommitFault,
  type Parser,
} from './platform/config/config.parsers.ts';
import { DEFAULT_RENDER } from './platform/config/config.render.ts';
import { ownValue } from './platform/lib/lookup.ts';

export type { GroupCommitFault };

/**
 * Entries of `CRAWL_LIMITS` for a source or country the catalogue lacks; read from the raw JSON, so
 * they are reported beside the entries' other problems rather than after those are fixed.
 */
function crawlLimitPairProblems(
  env: Record<string, string | undefined>,
  values: Record<string, unknown>,
  sources: SourceCountries,
): string[] {
  let keys: string[] = [];
  try {
    const parsed: unknown = JSON.parse(env[schema.crawlLimits.env] || '{}');
    if (isObject(parsed)) keys = Object.keys(parsed);
  } catch {
    return []; // reported as not JSON
  }
  const extra = (values.extraCountries ?? {}) as Record<string, string[]>;
  const countries = Object.fromEntries(
    Object.entries(sources).map(([id, own]) => [id, [...own, ...(ownValue(extra, id) ?? [])]]),
  );
  return checkCrawlLimitPairs(keys, countries).map((problem) => `${schema.crawlLimits.env}: ${problem}`);
}

/** Every variable: name, parser and default (undefined = optional, absent means not set). */
const schema = {
  port: { env: 'PORT', parse: integer(0, 65535), default: 8080 },
  host: { env: 'HOST', parse: text, default: '127.0.0.1' },
  dataDir: { env: 'DATA_DIR', parse: text, default: './data' },
  sandboxPort: { env: 'SANDBOX_PORT', parse: integer(0, 65535), default: 8081 },
  sandboxEnabled: { env: 'SANDBOX_ENABLED', parse: boolean, default: true },
  // light: small pages of each real site's markup; real: padded with scripts and styles to a real page's size.
  sandboxPageWeight: { env: 'SANDBOX_PAGE_WEIGHT', parse: oneOf('light', 'real'), default: 'light' as const },
  sandboxFaults: {
    env: 'SANDBOX_FAULTS',
    parse: jsonObject('an object of source id to fault profile', isRecordOf(isObject)),
    default: {} as Record<string, Record<string, unknown>>,
  },
  databaseUrl: { env: 'DATABASE_URL', parse: databaseUrl, default: undefined as string | undefined },
  queueEngine: { env: 'QUEUE_ENGINE', parse: oneOf('sql', 'bullmq'), default: 'sql' as const },
  redisUrl: { env: 'REDIS_URL', parse: redisUrl, default: 'redis://127.0.0.1:6379' },
  // Prefix of every BullMQ key in Redis, so several deployments can share one Redis.
  bullmqPrefix: { env: 'BULLMQ_PREFIX', parse: text, default: 'pricecrawl' },
  // A BullMQ worker's lock on a running task, and how often workers look for a dead worker's tasks.
  bullmqLockDurationMs: { env: 'BULLMQ_LOCK_DURATION_MS', parse: integer(1000, 600_000), default: 30_000 },
  role: { env: 'ROLE', parse: oneOf('all', 'api', 'worker'), default: 'all' as const },
  // A worker's /health and /health/live for an orchestrator's probes (0: any free port, logged).
  healthPort: { env: 'HEALTH_PORT', parse: integer(0, 65535), default: 8082 },
  // Both set: the API serves HTTPS itself, re-reading both files on SIGHUP.
  tlsCertFile: { env: 'TLS_CERT_FILE', parse: text, default: undefined as string | undefined },
  tlsKeyFile: { env: 'TLS_KEY_FILE', parse: text, default: undefined as string | undefined },
  workerConcurrency: { env: 'WORKER_CONCURRENCY', parse: integer(1, 1000), default: 32 },
  checkpointMs: { env: 'SQLITE_CHECKPOINT_INTERVAL_MS', parse: integer(250, 3_600_000), default: 5000 },
  checkpointBytes: { env: 'SQLITE_CHECKPOINT_WAL_BYTES', parse: integer(65536, 2 ** 32), default: 2 ** 24 },
  // Threads that parse pages and score trust beside a crawling process's main thread ("auto": cores - 1, at most 4).
  computeThreads: { env: 'COMPUTE_THREADS', parse: computeThreads, default: autoComputeThreads() },
  // Test-only (the group-commit crash test): off unless set; never set it in production.
  faultGroupCommit: {
    env: 'FAULT_GROUP_COMMIT',
    parse: jsonObject('{"afterGroups":n,"minValues":k,"pauseMs":ms}', isGroupCommitFault),
    default: undefined as GroupCommitFault | undefined,
  },
  // BullMQ only: how often one process re-adds from the database the work Redis may have lost.
  reconcileIntervalMs: { env: 'RECONCILE_INTERVAL_MS', parse: integer(1000, 86_400_000), default: 60_000 },
  bootstrapApiKey: { env: 'BOOTSTRAP_API_KEY', parse: apiKey, default: undefined as string | undefined },
  bootstrapCredits: { env: 'BOOTSTRAP_CREDITS', parse: integer(0, 1_000_000_000), default: 100_000 },
  resultRetentionHours: { env: 'RESULT_RETENTION_HOURS', parse: integer(1, 8760), default: 72 },
  // Observations (cache and price history), in days; at least the 3 days of the largest max_age.
  historyRetentionDays: { env: 'HISTORY_RETENTION_DAYS', parse: integer(3, 36_500), default: 365 },
  cleanerIntervalMs: { env: 'CLEANER_INTERVAL_MS', parse: integer(1000, 86_400_000), default: 600_000 },
  bodyLimitBytes: { env: 'BODY_LIMIT_BYTES', parse: integer(1024, 1_073_741_824), default: 16 * 1024 * 1024 },
  // A body over its limit is answered 413, then read and dropped up to these bounds (api/http/http.linger.ts).
  lingerMaxBytes: { env: 'LINGER_MAX_BYTES', parse: integer(0, 4_294_967_296), default: 256 * 1024 * 1024 },
  lingerMaxMs: { env: 'LINGER_MAX_MS', parse: integer(0, 600_000), default: 30_000 },
  shutdownTimeoutMs: { env: 'SHUTDOWN_TIMEOUT_MS', parse: integer(0, 600_000), default: 20_000 },
  logLevel: {
    env: 'LOG_LEVEL',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: 'info' as const,
  },
  sourceBaseUrls: {
    env: 'SOURCE_BASE_URLS',
    parse: jsonObject('an object of "source_NN.cc" to base URL', isRecordOf(isString)),
    default: {} as Record<string, string>,
  },
  extraCountries: {
    env: 'SOURCE_EXTRA_COUNTRIES',
    parse: jsonObject('an object of source id to a list of country codes', isRecordOf(isStringList)),
    default: {} as Record<string, string[]>,
  },
  egressProxies: {
    env: 'EGRESS_PROXIES',
    parse: jsonObject('an object of country code to a list of proxy URLs', isRecordOf(isStringList)),
    default: {} as Record<string, string[]>,
  },
  // provenance `geo` of crawls that go out without a proxy; unset means unknown (null).
  localEgressCountry: {
    env: 'LOCAL_EGRESS_COUNTRY',
    parse: countryCode,
    default: undefined as string | undefined,
  },
  crawlRequestTimeoutMs: { env: 'CRAWL_REQUEST_TIMEOUT_MS', parse: integer(100, 600_000), default: 15_000 },
  crawlMaxAttempts: { env: 'CRAWL_MAX_ATTEMPTS', parse: integer(1, 20), default: 4 },
  crawlPairConcurrency: { env: 'CRAWL_PAIR_CONCURRENCY', parse: integer(1, 1000), default: 16 },
  crawlPairRequestsPerSecond: { env: 'CRAWL_PAIR_RPS', parse: positiveNumber, default: 200 },
  // Per `source_NN` or `source_NN.cc`: the most specific entry wins, then CRAWL_PAIR_*.
  crawlLimits: { env: 'CRAWL_LIMITS', parse: crawlLimits, default: {} as CrawlLimits },
  // Sources and hosts fetched through headless Chromium, off by default (docs/crawl-engine.md).
  crawlRender: { env: 'CRAWL_RENDER', parse: renderSettings, default: DEFAULT_RENDER },
  callbackAllowHosts: { env: 'CALLBACK_ALLOW_HOSTS', parse: list, default: [] as string[] },
  // Crawl targets of the `web` source the address rules let through (decisions G35), same syntax.
  crawlAllowHosts: { env: 'CRAWL_ALLOW_HOSTS', parse: list, default: [] as string[] },
  // A `web` page larger than this is refused with reason_detail (decisions G35); 5 MiB.
  webMaxPageBytes: { env: 'WEB_MAX_PAGE_BYTES', parse: integer(1024, 104_857_600), default: 5 * 1024 * 1024 },
  // Named in the User-Agent of `web` crawls, so a site owner can find who crawls and how to object.
  crawlContactUrl: { env: 'CRAWL_CONTACT_URL', parse: httpUrl, default: undefined as string | undefined },
  // POST /stream must fit 100 000 values of up to 1000 characters (issue 5).
  streamBodyLimitBytes: {
    env: 'STREAM_BODY_LIMIT_BYTES',
    parse: integer(1024, 1_073_741_824),
    default: 128 * 1024 * 1024,
  },
  streamFlushIntervalMs: { env: 'STREAM_FLUSH_INTERVAL_MS', parse: integer(100, 3_600_000), default: 2_000 },
  webhookConcurrency: { env: 'WEBHOOK_CONCURRENCY', parse: integer(1, 1000), default: 32 },
  webhookHostConcurrency: { env: 'WEBHOOK_HOST_CONCURRENCY', parse: integer(1, 1000), default: 4 },
  webhookConnectTimeoutMs: {
    env: 'WEBHOOK_CONNECT_TIMEOUT_MS',
    parse: integer(100, 120_000),
    default: 5_000,
  },
  webhookTimeoutMs: { env: 'WEBHOOK_TIMEOUT_MS', parse: integer(100, 300_000), default: 15_000 },
  rateLimitPerSecond: { env: 'RATE_LIMIT_PER_SECOND', parse: positiveNumber, default: 50 },
  rateLimitBurst: { env: 'RATE_LIMIT_BURST', parse: integer(1, 1_000_000), default: 200 },
  // Failed authentications per client address: a bucket of AUTH_FAILURE_BURST refilled per minute.
  authFailuresPerMinute: { env: 'AUTH_FAILURES_PER_MINUTE', parse: positiveNumber, default: 10 },
  authFailureBurst: { env: 'AUTH_FAILURE_BURST', parse: integer(1, 1_000_000), default: 20 },
  trustProxy: { env: 'TRUST_PROXY', parse: trustProxy, default: false as boolean | string[] },
  // Identity and dashboard sessions (decisions G30, startup contract "dashboard user").
  bootstrapUserEmail: { env: 'BOOTSTRAP_USER_EMAIL', parse: email, default: 'demo@localhost' },
  bootstrapUserPassword: {
    env: 'BOOTSTRAP_USER_PASSWORD',
    parse: password,
    default: undefined as string | undefined,
  },
  // G30: a session token lives at most 15 minutes.
  sessionTtlSeconds: { env: 'SESSION_TTL_SECONDS', parse: integer(10, 900), default: 900 },
  refreshTokenTtlSeconds: {
    env: 'REFRESH_TOKEN_TTL_SECONDS',
    parse: integer(60, 90 * 86_400),
    default: 14 * 86_400,
  },
  // Changing it makes a new key sign; the previous one keeps verifying until its tokens expired.
  sessionSigningKeyId: { env: 'SESSION_SIGNING_KEY_ID', parse: keyId, default: 'session-1' },
  sessionCookieSecure: { env: 'SESSION_COOKIE_SECURE', parse: boolean, default: false },
  // Sign-in failures: token buckets of this many failures, refilled in LOGIN_FAILURE_WINDOW_SECONDS.
  loginMaxFailuresPerEmail: { env: 'LOGIN_MAX_FAILURES_PER_EMAIL', parse: integer(1, 10_000), default: 5 },
  loginMaxFailuresPerAddress: {
    env: 'LOGIN_MAX_FAILURES_PER_ADDRESS',
    parse: integer(1, 100_000),
    default: 20,
  },
  loginFailureWindowSeconds: { env: 'LOGIN_FAILURE_WINDOW_SECONDS', parse: integer(1, 86_400), default: 900 },
  oidcIssuer: { env: 'OIDC_ISSUER', parse: text, default: undefined as string | undefined },
  oidcAudience: { env: 'OIDC_AUDIENCE', parse: text, default: undefined as string | undefined },
  oidcJwksUrl: { env: 'OIDC_JWKS_URL', parse: httpUrl, default: undefined as string | undefined },
  // decisions G33: when set, `GET /metrics` requires `Authorization: Bearer <token>`.
  metricsToken: { env: 'METRICS_TOKEN', parse: text, default: undefined as string | undefined },
  // A worker has no API; with this port it serves `/metrics` and `/health/live` there.
  workerMetricsPort: {
    env: 'WORKER_METRICS_PORT',
    parse: integer(0, 65535),
    default: undefined as number | undefined,
  },
  // decisions G32: port of `npx pricecrawl mock`.
  mockPort: { env: 'MOCK_PORT', parse: integer(0, 65535), default: 8090 },
} as const;

type Schema = typeof schema;
/** The validated, frozen configuration. */
export type Config = {
  readonly [K in keyof Schema]: Schema[K]['default'] | ReturnType<Schema[K]['parse']>;
} & { readonly databaseFile: string };

/** Raised by `loadConfig` with every bad variable listed, so one start reports them all. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment (defaults: `process.env`). `sources`, the countries of each
 * source in the catalogue (which lives layers above this file), lets it refuse `CRAWL_LIMITS` entries
 * naming no source or a country the source does not serve; the process shells always pass it.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  sources?: SourceCountries,
): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const raw = env[spec.env];
    if (raw === undefined || raw === '') {
      values[name] = spec.default;
      continue;
    }
    try {
      values[name] = (spec.parse as Parser<unknown>)(raw);
    } catch (error) {
      if (error instanceof ConfigValueError && error.details.length > 0) {
        problems.push(...error.details.map((detail) => `${spec.env}: ${detail}`));
        continue;
      }
      const reason = error instanceof ConfigValueError ? error.message : String(error);
      problems.push(`${spec.env}=${JSON.stringify(raw)} ${reason}`);
    }
  }
  if (sources) problems.push(...crawlLimitPairProblems(env, values, sources));
  const oidc = [schema.oidcIssuer.env, schema.oidcAudience.env, schema.oidcJwksUrl.env];
  const oidcSet = oidc.filter((name) => env[name] !== undefined && env[name] !== '');
  if (oidcSet.length > 0 && oidcSet.length < oidc.length) {
    problems.push(`${oidc.join(', ')} must be set together (set: ${oidcSet.join(', ')})`);
  }
  const tls = [schema.tlsCertFile.env, schema.tlsKeyFile.env];
  const tlsSet = tls.filter((name) => env[name] !== undefined && env[name] !== '');
  if (tlsSet.length === 1) problems.push(`${tls.join(' and ')} must be set together (set: ${tlsSet[0]})`);
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = resolve(values.dataDir as string);
  return Object.freeze({
    ...values,
    dataDir,
    databaseFile: resolve(dataDir, 'pricecrawl.sqlite'),
  }) as Config;
}

/** What the user CLI (`npx pricecrawl submit|status|download|stream`) reads: where and as whom. */
export interface ClientConfig {
  readonly url: string;
  readonly apiKey: string | undefined;
}

/** Reads `PRICECRAWL_URL` (default http://127.0.0.1:8080) and `PRICECRAWL_API_KEY`; throws a `ConfigError`. */
export function loadClientConfig(env: Record<string, string | undefined> = process.env): ClientConfig {
  const url = env.PRICECRAWL_URL?.trim() || 'http://127.0.0.1:8080';
  const apiKey = env.PRICECRAWL_API_KEY?.trim() || undefined;
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
    throw new ConfigError([`PRICECRAWL_URL=${JSON.stringify(url)} must be an http:// or https:// URL`]);
  }
  return Object.freeze({ url, apiKey });
}
