import type { Logger } from 'pino';
import type { WorkSlots } from './platform/lib/slots.ts';
import type { KeyLocks } from './platform/cluster/cluster.locks.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import type { RecordedValue } from './pipeline/results/results.record.ts';
import type { Config } from './config.ts';
import type { CrawlEngine } from './crawl/engine/crawl.engine.ts';
import type { Offload } from './crawl/vocabulary/crawl.types.ts';
import type { Db } from './platform/db/database.ts';
import type { JobEvents } from './pipeline/work/work.events.ts';
import type { WorkQueue } from './pipeline/queue/queue.types.ts';
import type { BucketStoreFactory } from './accounts/ratelimit/ratelimit.store.ts';
import type { SourceCatalogue } from './crawl/sources/sources.catalogue.ts';
import type { CallbackPolicy } from './pipeline/webhooks/webhooks.callback-url.ts';

/** Everything the app and the tasks are built from; made once per process by `main/runtime.ts`. */
export interface AppDeps {
  config: Config;
  db: Db;
  queue: WorkQueue;
  catalogue: SourceCatalogue;
  logger: Logger;
  events: JobEvents;
  /** Present in processes that crawl (worker role). */
  engine?: CrawlEngine;
  /** Runs pure CPU work (parsers, trust) on the compute pool's threads (`COMPUTE_THREADS`), or in place. */
  offload: Offload;
  /** Origin of the bundled sandbox, the default upstream (`http://127.0.0.1:<SANDBOX_PORT>`). */
  sandboxOrigin: string;
  /** Told after a delivery was written, so the sender looks sooner than its next poll. */
  onDeliveryCreated: () => void;
  /** Answers once the database is reachable; never waits behind a long write (`GET /health`). */
  pingDatabase: () => Promise<void>;
  /** Told of every value recorded (metrics, the job-end log line). */
  onValueRecorded?: (value: RecordedValue) => void;
  /** Which webhook hosts may be called (decisions G28), from `CALLBACK_ALLOW_HOSTS`. */
  callbackPolicy: CallbackPolicy;
  /**
   * Cross-process single-flight of the observation cache (Redis in distributed mode); absent, a
   * process's own `SingleFlight` is the only one.
   */
  flightLocks?: KeyLocks;
  /** Where the API's rate-limit buckets live (Redis in distributed mode); absent, in this process. */
  rateLimitStore?: BucketStoreFactory;
  /** Prometheus metrics of this process (decisions G33), shown by `GET /metrics`. */
  metrics: Metrics;
  /**
   * The process-wide bound on values crawling at once (`WORKER_CONCURRENCY`), shared by every crawl
   * task; its held count is what claimed tasks still have to serve (the queue's look-ahead).
   */
  valueSlots: WorkSlots;
  /** The test-only group-commit fault (`FAULT_GROUP_COMMIT`); absent unless configured. */
  pauseInGroup?: (values: number) => Promise<void>;
}
