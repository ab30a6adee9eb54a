import { pino, type DestinationStream, type Logger } from 'pino';
import { requestIdMixin } from '../lib/request-context.ts';
import type { AppDeps } from '../app.deps.ts';
import type { Config } from '../config.ts';
import { createCrawlEngine } from '../crawl/crawl.engine.ts';
import { openDatabase, openDatabaseProbe, type DatabaseTarget, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { JobEvents } from '../work/work.events.ts';
import { deletePurgedIntervalRuns, purgeExpiredResults } from '../work/work.repository.ts';
import { TASK, crawlValueGivenUp, crawlValueTask, expireJobTask } from '../tasks/tasks.crawl-value.ts';
import { runIntervalJobTask } from '../jobs/jobs.interval.ts';
import { RUN_INTERVAL_TASK } from '../submissions/submissions.interval.ts';
import { deleteIdempotencyKeysBefore } from '../submissions/submissions.repository.ts';
import { isoNow, isoPlus } from '../lib/time.ts';
import { deleteObservationsBefore } from '../observations/observations.repository.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { createMetricsRecorder } from './metrics-recorder.ts';
import { createConfiguredQueue } from '../queue/queue.engine.ts';
import type { GivenUpHandler, TaskHandler } from '../queue/queue.types.ts';
import { SourceCatalogue } from '../sources/sources.catalogue.ts';
import {
  createCallbackPolicy,
  localReceiversAllowed,
  systemResolver,
} from '../webhooks/webhooks.callback-url.ts';
import { createWebhookDispatcher } from '../deliveries/deliveries.dispatcher.ts';

/** A process's wired parts: deps for the app and tasks, plus start and close. */
export interface Runtime {
  deps: AppDeps;
  /** Starts the worker side (queue processing and the retention cleaner) when the role has one. */
  startWorker(): void;
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
    : { dialect: 'sqlite', file: config.databaseFile };
}

/** Opens the configured database and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Db> {
  const db = openDatabase(databaseTargetOf(config));
  await migrateToLatest(db);
  return db;
}

/** Wires one process: database, queue, crawl engine (worker roles) and the task table. */
export async function createRuntime(config: Config, logger: Logger = createLogger(config)): Promise<Runtime> {
  const db = await openMigratedDatabase(config);
  const databaseProbe = openDatabaseProbe(db, databaseTargetOf(config));
  const embedded = config.databaseUrl === undefined;
  const queue = createConfiguredQueue(db, logger, config);
  const metrics = createMetrics();
  metrics.readQueueDepthWith(() => queue.depth());
  const engine =
    config.role === 'api'
      ? undefined
      : createCrawlEngine({
          logger,
          fetcherOptions: {
            requestTimeoutMs: config.crawlRequestTimeoutMs,
            maxAttempts: config.crawlMaxAttempts,
            perPairConcurrency: config.crawlPairConcurrency,
            perPairRequestsPerSecond: config.crawlPairRequestsPerSecond,
            proxiesByCountry: config.egressProxies,
            localEgressCountry: config.localEgressCountry,
            events: {
              fetched: metrics.fetched,
              retried: metrics.fetchRetried,
              blocked: metrics.fetchBlocked,
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
    onAttempt: metrics.deliveryAttempted,
  });
  const deps: AppDeps = {
    config,
    db,
    queue,
    catalogue: new SourceCatalogue(config.extraCountries),
    logger,
    events: new JobEvents(),
    engine,
    sandboxOrigin: `http://127.0.0.1:${config.sandboxPort}`,
    // Deliveries are written with the results they carry; the sender looks once the write committed.
    callbackPolicy,
    pingDatabase: () => databaseProbe.ping(),
    onDeliveryCreated: () => void setTimeout(webhooks.wake, 20),
    onValueRecorded: createMetricsRecorder(metrics, logger),
    metrics,
  };
  const handlers: Record<string, TaskHandler> = {
    [TASK.crawlValue]: (payload) => crawlValueTask(deps, payload),
    [TASK.expireJob]: (payload) => expireJobTask(deps, payload),
    [RUN_INTERVAL_TASK]: (payload) => runIntervalJobTask(deps, payload),
  };
  // What the queue calls when it gives a task up: a value that can never be answered fails its job.
  const givenUp: Record<string, GivenUpHandler> = {
    [TASK.crawlValue]: (payload, error) => crawlValueGivenUp(deps, payload, error),
  };
  let cleaner: NodeJS.Timeout | undefined;

  async function cleanOnce(): Promise<void> {
    const now = isoNow();
    await purgeExpiredResults(db, now, 1000);
    await deletePurgedIntervalRuns(db);
    await deleteIdempotencyKeysBefore(db, isoPlus(now, -24 * 3600_000));
    await deleteObservationsBefore(db, isoPlus(now, -config.historyRetentionDays * 86_400_000), 1000);
  }

  return {
    deps,
    startWorker() {
      if (config.role === 'api') return;
      queue.start(handlers, config.workerConcurrency, givenUp);
      webhooks.start();
      const runCleaner = () =>
        cleanOnce().catch((err: unknown) => logger.error({ err }, 'retention cleaner failed'));
      void runCleaner();
      cleaner = setInterval(runCleaner, config.cleanerIntervalMs);
      cleaner.unref();
    },
    async close() {
      clearInterval(cleaner);
      await queue.stop(config.shutdownTimeoutMs);
      await webhooks.stop(config.shutdownTimeoutMs);
      await engine?.close();
      databaseProbe.close();
      await db.destroy();
    },
  };
}
