import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';
import { requestIdMixin } from '../platform/lib/request-context.ts';
import type { AppServices } from '../app.ts';
import type { Config } from '../config.ts';
import { createCrawlEngine } from '../crawl/engine/crawl.engine.ts';
import { offloadInPlace } from '../crawl/engine/crawl.offload.ts';
import { createComputePool } from '../crawl/compute/compute.pool.ts';
import { openDatabase, openDatabaseProbe, type DatabaseTarget, type Db } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { JobEvents } from '../pipeline/work/work.events.ts';
import { deletePurgedIntervalRuns, purgeExpiredResults } from '../pipeline/work/work.repository.ts';
import { VALUES_PER_CHUNK } from '../pipeline/tasks/tasks.crawl-chunk.ts';
import { createServiceTasks } from '../pipeline/tasks/tasks.registry.ts';
import { reenqueueLostWork } from '../pipeline/tasks/tasks.reconcile.ts';
import type { CrawlDeps } from '../pipeline/tasks/tasks.types.ts';
import { WorkSlots } from '../platform/lib/slots.ts';
import { groupCommitFault } from './group-fault.ts';
import { armGroupCommitPause } from '../pipeline/results/results.fault.ts';
import { startIntervalRun } from '../pipeline/submissions/submissions.service.ts';
import { createProcessDriverHealth, reportBlockPage } from './driver-health.ts';
import { deleteDriverHealthBefore } from '../crawl/driver-health/driver-health.repository.ts';
import { deleteIdempotencyKeysBefore } from '../pipeline/submissions/submissions.repository.ts';
import { isoNow, isoPlus } from '../platform/lib/time.ts';
import { deleteObservationsBefore } from '../pipeline/observations/observations.repository.ts';
import { createMetrics } from '../platform/metrics/metrics.ts';
import { createMetricsRecorder } from './metrics-recorder.ts';
import { createConfiguredQueue } from '../pipeline/queue/queue.engine.ts';
import type { TaskRegistry } from '../pipeline/queue/queue.types.ts';
import { SourceCatalogue } from '../crawl/sources/sources.catalogue.ts';
import {
  createCallbackPolicy,
  localReceiversAllowed,
  systemResolver,
} from '../pipeline/webhooks/webhooks.callback-url.ts';
import { createWebhookDispatcher } from '../pipeline/deliveries/deliveries.dispatcher.ts';
import type { FetcherSettings } from '../crawl/fetcher/fetcher.ts';
import { createPageRenderer } from '../crawl/fetcher/fetcher.rendered.ts';
import { DEFAULT_OPEN_TARGETS, serviceUserAgent } from '../crawl/fetcher/fetcher.open.ts';
import { tryAcquireLease } from '../platform/leases/leases.repository.ts';
import { startLeasedSchedule, type LeasedSchedule } from '../platform/leases/leases.schedule.ts';

/** Driver health counts are reported for the last hour and kept a day. */
const DRIVER_HEALTH_KEPT_MINUTES = 24 * 60;

/**
 * Everything one process is wired from: what the HTTP app and the tasks take. Only `main/` and
 * `app.ts` see the whole; every feature takes its own few dependencies.
 */
export interface ProcessDeps extends AppServices, CrawlDeps {
  config: Config;
}

/** A process's wired parts: deps for the app and tasks, plus start and close. */
export interface Runtime {
  deps: ProcessDeps;
  /** The task registry the queue runs; tests run a task directly through it. */
  tasks: TaskRegistry;
  /** Starts the worker side (queue processing and the retention cleaner) when the role has one. */
  startWorker(): void;
  /** Writes the driver-health counts summed so far (they are written every few seconds anyway). */
  flushDriverHealth(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creates the logger (JSON lines on stdout unless `destination` is given); credentials never
 * reach a log line, and lines written while serving a request carry its `reqId`.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    mixin: requestIdMixin,
    redact: [
      'req.headers.authorization',
      'req.headers["x-api-key"]',
      'headers.authorization',
      'headers["x-api-key"]',
      // The dashboard's session and refresh tokens travel in cookies.
      'req.headers.cookie',
      'headers.cookie',
    ],
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Where the configured database lives: the SQLite file by default, PostgreSQL with `DATABASE_URL`. */
function databaseTargetOf(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { dialect: 'postgres', url: config.databaseUrl }
    : {
        dialect: 'sqlite',
        file: config.databaseFile,
        checkpoint: { intervalMs: config.checkpointMs, walBytes: config.checkpointBytes },
      };
}

/** Opens the configured database and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Db> {
  const db = openDatabase(databaseTargetOf(config));
  await migrateToLatest(db);
  return db;
}

/**
 * The limits every process of a distributed deployment shares (issue 13 §2), on the queue's Redis:
 * pair politeness, cache single-flight and the API's rate limits. Undefined with the SQL engine,
 * whose processes keep them in memory (the embedded default), which therefore never loads the
 * Redis client modules (docs/performance.md, "Start time").
 */
async function createClusterLimits(config: Config, logger: Logger) {
  if (config.queueEngine !== 'bullmq') return undefined;
  const [{ Redis }, { redisKeyLocks }, { redisPoliteness }, { redisBuckets }] = await Promise.all([
    import('ioredis'),
    import('../platform/cluster/cluster.locks.ts'),
    import('../crawl/fetcher/politeness.redis.ts'),
    import('../accounts/ratelimit/ratelimit.store.ts'),
  ]);
  // Commands fail fast while Redis is away instead of piling up: each limit has its own fallback.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', (err) => logger.warn({ err }, 'redis (cluster limits) error'));
  const prefix = config.bullmqPrefix;
  return {
    redis,
    politeness: redisPoliteness({ redis, keyPrefix: `${prefix}:politeness` }),
    flightLocks: redisKeyLocks({ redis, keyPrefix: `${prefix}:flights` }),
    rateLimitStore: redisBuckets(redis, `${prefix}:ratelimit`),
  };
}

/** What the configuration sets of the crawl fetcher: timeouts, attempts, pair limits, proxies. */
export function configuredFetcherOptions(config: Config): FetcherSettings {
  return {
    requestTimeoutMs: config.crawlRequestTimeoutMs,
    maxAttempts: config.crawlMaxAttempts,
    perPairConcurrency: config.crawlPairConcurrency,
    perPairRequestsPerSecond: config.crawlPairRequestsPerSecond,
    perPairLimits: config.crawlLimits,
    proxiesByCountry: config.egressProxies,
    localEgressCountry: config.localEgressCountry,
    openTargets: {
      ...DEFAULT_OPEN_TARGETS,
      // Crawl targets never get G28's local-receiver exception: only the allow-list opens the rules.
      policy: createCallbackPolicy(config.crawlAllowHosts, systemResolver, { allowLoopback: false }),
      userAgent: serviceUserAgent(config.crawlContactUrl),
      maxPageBytes: config.webMaxPageBytes,
    },
    ...(config.crawlRender.sources.length + config.crawlRender.hosts.length > 0
      ? { renderer: createPageRenderer(config.crawlRender) }
      : {}),
  };
}

/** Wires one process: database, queue, crawl engine (worker roles) and the task table. */
export async function createRuntime(config: Config, logger: Logger = createLogger(config)): Promise<Runtime> {
  const db = await openMigratedDatabase(config);
  const databaseProbe = openDatabaseProbe(db, databaseTargetOf(config));
  const embedded = config.databaseUrl === undefined;
  // Names this process in the leases of schedules that run once per cluster.
  const processId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const queue = await createConfiguredQueue(db, logger, config);
  const limits = await createClusterLimits(config, logger);
  const metrics = createMetrics();
  metrics.readQueueDepthWith(() => queue.depth());
  const driverHealth = createProcessDriverHealth({ config, db, logger, metrics });
  // Only crawling processes parse pages and score crawled values; the API role never starts a thread.
  const compute =
    config.role === 'api'
      ? undefined
      : createComputePool({ threads: config.computeThreads, logger, onCall: metrics.computed });
  const offload = compute?.offload ?? offloadInPlace;
  const engine =
    config.role === 'api'
      ? undefined
      : createCrawlEngine({
          logger,
          offload,
          health: driverHealth,
          fetcherOptions: {
            ...configuredFetcherOptions(config),
            politeness: limits?.politeness,
            events: {
              fetched: metrics.fetched,
              retried: metrics.fetchRetried,
              blocked: reportBlockPage(driverHealth, metrics),
            },
          },
        });
  // decisions G28: a local receiver works out of the box while the API is reachable only locally.
  const callbackPolicy = createCallbackPolicy(config.callbackAllowHosts, systemResolver, {
    allowLoopback: localReceiversAllowed(config),
  });
  const webhooks = createWebhookDispatcher({
    db,
    logger,
    policy: callbackPolicy,
    concurrency: config.webhookConcurrency,
    hostConcurrency: config.webhookHostConcurrency,
    connectTimeoutMs: config.webhookConnectTimeoutMs,
    timeoutMs: config.webhookTimeoutMs,
    flushIntervalMs: config.streamFlushIntervalMs,
    soleWorker: embedded && config.role === 'all',
    // Partial batches are closed by one process per flush period, not by every worker.
    // The lease is a little shorter than the period, so its holder's next check finds it free.
    takeFlushTurn: (periodMs) =>
      tryAcquireLease(db, { name: 'deliveries-flush', owner: processId, ttlMs: Math.floor(periodMs * 0.8) }),
    onAttempt: metrics.deliveryAttempted,
  });
  const deps: ProcessDeps = {
    config,
    db,
    queue,
    catalogue: new SourceCatalogue(config.extraCountries),
    logger,
    events: new JobEvents(),
    engine,
    offload,
    sandboxOrigin: `http://127.0.0.1:${config.sandboxPort}`,
    // Deliveries are written with the results they carry; the sender looks once the write committed.
    callbackPolicy,
    pingDatabase: () => databaseProbe.ping(),
    onDeliveryCreated: () => void setTimeout(webhooks.wake, 20),
    flightLocks: limits?.flightLocks,
    rateLimitStore: limits?.rateLimitStore,
    onValueRecorded: createMetricsRecorder(metrics, logger),
    metrics,
    valueSlots: new WorkSlots(config.workerConcurrency),
  };
  const pause = groupCommitFault(config.faultGroupCommit, logger);
  const disarmFault = pause ? armGroupCommitPause(pause) : undefined;
  const tasks = createServiceTasks({
    ...deps,
    startIntervalRun: (job, account) => startIntervalRun(deps, job, account),
  });
  // Claim chunks while fewer than two processes' worth of values are promised, so the queue runs
  // a little ahead of the crawls but leaves the rest of a large job to the other workers.
  const taskRoom = () => Math.ceil((2 * config.workerConcurrency - deps.valueSlots.held) / VALUES_PER_CHUNK);
  let cleaner: LeasedSchedule | undefined;
  let reconciler: LeasedSchedule | undefined;

  async function cleanOnce(): Promise<void> {
    const now = isoNow();
    await purgeExpiredResults(db, now, 1000);
    await deletePurgedIntervalRuns(db);
    await deleteIdempotencyKeysBefore(db, isoPlus(now, -24 * 3600_000));
    await deleteObservationsBefore(db, isoPlus(now, -config.historyRetentionDays * 86_400_000), 1000);
    await deleteDriverHealthBefore(db, Math.floor(Date.now() / 60_000) - DRIVER_HEALTH_KEPT_MINUTES);
  }

  return {
    deps,
    tasks,
    flushDriverHealth: () => driverHealth.flush(),
    startWorker() {
      if (config.role === 'api') return;
      queue.start(tasks, config.workerConcurrency, taskRoom);
      webhooks.start();
      // Every worker ticks; the one holding the period's lease cleans (once per cluster and period).
      // BullMQ: Redis only carries work, so what it lost is re-added from the database, by one
      // process per period (docs/architecture.md, "Reconciliation").
      if (config.queueEngine === 'bullmq') {
        reconciler = startLeasedSchedule(db, logger, {
          name: 'reconcile-lost-work',
          owner: processId,
          periodMs: config.reconcileIntervalMs,
          run: async () => {
            const counts = await reenqueueLostWork(deps);
            logger.debug({ schedule: 'reconcile-lost-work', ...counts }, 'lost work reconciled');
          },
        });
      }
      cleaner = startLeasedSchedule(db, logger, {
        name: 'retention-cleaner',
        owner: processId,
        periodMs: config.cleanerIntervalMs,
        run: async () => {
          await cleanOnce();
          logger.debug({ schedule: 'retention-cleaner' }, 'retention cleaner ran');
        },
      });
    },
    async close() {
      cleaner?.stop();
      reconciler?.stop();
      await queue.stop(config.shutdownTimeoutMs);
      await webhooks.stop(config.shutdownTimeoutMs);
      await engine?.close();
      await driverHealth.close();
      await compute?.close();
      limits?.redis.disconnect();
      databaseProbe.close();
      disarmFault?.();
      await db.destroy();
    },
  };
}
