import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the queue gauge reads at scrape time. */
export interface QueueDepth {
  /** Tasks due now and not running. */
  ready: number;
  /** Age of the oldest of them in seconds; 0 when there is none. */
  oldestAgeSeconds: number;
}

/** The outcome of one page fetch (with its retries), as the fetcher reports it. */
export type FetchOutcome = 'ok' | 'not_found' | 'failed';

/**
 * The service's Prometheus metrics (decisions G33), one registry per process so tests can build
 * several apps side by side. Code that does the work calls the small hooks below; the names are
 * what `/metrics` shows.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request; `route` is the route pattern, never the raw URL. */
  request(route: string, method: string, status: number): void;
  /** One value recorded: `outcome` is `found`, `not_found`, `failed:<reason>` or `invalid`. */
  valueRecorded(source: string, outcome: string, servedFrom: 'live' | 'cache', credits: number): void;
  /** One job ended. */
  jobEnded(source: string, outcome: 'finished' | 'failed'): void;
  /** One page fetch ended after `durationMs` (retries included). */
  fetched(source: string, outcome: FetchOutcome, durationMs: number): void;
  /** One fetch attempt will be retried after a failure of `kind`. */
  fetchRetried(source: string, kind: string): void;
  /** A source answered with a block page of `kind` (captcha, interstitial, consent, robot_check). */
  fetchBlocked(source: string, kind: string): void;
  /** A driver's page ended `outcome` (read, fell_back, blocked, failed): driver health (issue 20). */
  driverPage(source: string, country: string, outcome: string): void;
  /** One webhook delivery attempt ended: `delivered`, `pending` (retry scheduled), `failed`, `dead_lettered`. */
  deliveryAttempted(outcome: string, attempt: number): void;
  /** One registered pure function ran (`function`), on a compute thread or on the main thread. */
  computed(name: string, place: ComputePlace): void;
  /** Gives the queue gauge its reader (the queue exists after the metrics). */
  readQueueDepthWith(reader: () => Promise<QueueDepth>): void;
}

/** Where a compute pool's call ran: a worker thread, or the main thread (no pool, or it fell back). */
export type ComputePlace = 'thread' | 'main';

/** Attempts above this share one label value, so labels stay few. */
const MAX_ATTEMPT_LABEL = 10;

/** Creates a registry with the default Node metrics (event-loop lag among them) and ours. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'pricecrawl_' });
  const requests = new Counter({
    name: 'pricecrawl_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const values = new Counter({
    name: 'pricecrawl_values_total',
    help: 'Values recorded, by source, outcome and whether live or from the cache.',
    labelNames: ['source', 'outcome', 'served_from'],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'pricecrawl_jobs_total',
    help: 'Jobs ended, by source and outcome.',
    labelNames: ['source', 'outcome'],
    registers: [registry],
  });
  const credits = new Counter({
    name: 'pricecrawl_credits_spent_total',
    help: 'Credits charged for recorded values, by source.',
    labelNames: ['source'],
    registers: [registry],
  });
  const fetchSeconds = new Histogram({
    name: 'pricecrawl_crawl_fetch_seconds',
    help: 'Time to fetch one page from a source, retries included, by source and outcome.',
    labelNames: ['source', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const retries = new Counter({
    name: 'pricecrawl_crawl_retries_total',
    help: 'Fetch attempts retried, by source and failure kind.',
    labelNames: ['source', 'kind'],
    registers: [registry],
  });
  const blocks = new Counter({
    name: 'pricecrawl_crawl_blocks_total',
    help: 'Block pages answered by a source, by kind (captcha, interstitial, consent, robot_check).',
    labelNames: ['source', 'kind'],
    registers: [registry],
  });
  const driverPages = new Counter({
    name: 'pricecrawl_driver_pages_total',
    help: 'Pages drivers needed, by source, country and outcome (read, fell_back, blocked, failed).',
    labelNames: ['source', 'country', 'outcome'],
    registers: [registry],
  });
  const computeCalls = new Counter({
    name: 'pricecrawl_compute_calls_total',
    help: 'Page parses and trust scorings, by function and where they ran (thread or main).',
    labelNames: ['function', 'place'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'pricecrawl_deliveries_total',
    help: 'Webhook delivery attempts, by outcome and attempt number (10 means 10 or more).',
    labelNames: ['outcome', 'attempt'],
    registers: [registry],
  });
  let readQueueDepth: (() => Promise<QueueDepth>) | undefined;
  let reading: Promise<QueueDepth> | undefined;
  // Both gauges are collected at once in a scrape; they share one read of the queue.
  function depthNow(): Promise<QueueDepth> {
    if (!readQueueDepth) return Promise.resolve({ ready: 0, oldestAgeSeconds: 0 });
    reading ??= readQueueDepth().finally(() => {
      reading = undefined;
    });
    return reading;
  }
  new Gauge({
    name: 'pricecrawl_queue_ready_tasks',
    help: 'Queued tasks due now and not running.',
    registers: [registry],
    async collect() {
      this.set((await depthNow()).ready);
    },
  });
  new Gauge({
    name: 'pricecrawl_queue_oldest_task_age_seconds',
    help: 'Age of the oldest ready task in seconds (0 when none).',
    registers: [registry],
    async collect() {
      this.set((await depthNow()).oldestAgeSeconds);
    },
  });

  return {
    registry,
    request: (route, method, status) => requests.inc({ route, method, status: String(status) }),
    valueRecorded(source, outcome, servedFrom, spent) {
      values.inc({ source, outcome, served_from: servedFrom });
      if (spent > 0) credits.inc({ source }, spent);
    },
    jobEnded: (source, outcome) => jobs.inc({ source, outcome }),
    fetched: (source, outcome, durationMs) => fetchSeconds.observe({ source, outcome }, durationMs / 1000),
    fetchRetried: (source, kind) => retries.inc({ source, kind }),
    fetchBlocked: (source, kind) => blocks.inc({ source, kind }),
    computed: (name, place) => computeCalls.inc({ function: name, place }),
    driverPage: (source, country, outcome) => driverPages.inc({ source, country, outcome }),
    deliveryAttempted: (outcome, attempt) =>
      deliveries.inc({ outcome, attempt: String(Math.min(attempt, MAX_ATTEMPT_LABEL)) }),
    readQueueDepthWith(reader) {
      readQueueDepth = reader;
    },
  };
}

/** The outcome label of a result item. */
export function valueOutcome(item: { success: boolean; reason: string | null }): string {
  if (item.reason === 'parameter_invalid') return 'invalid';
  if (item.success) return item.reason === null ? 'found' : 'not_found';
  return `failed:${item.reason ?? 'unknown'}`;
}
