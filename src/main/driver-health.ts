/** The process's driver health (issue 20): counts to the database, failing pages under DATA_DIR. */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { addDriverHealthCounts } from '../crawl/driver-health/driver-health.repository.ts';
import { keepSample, samplesDirOf } from '../crawl/driver-health/driver-health.samples.ts';
import { createDriverHealth, type DriverHealth } from '../crawl/driver-health/driver-health.ts';
import type { BlockKind } from '../crawl/fetcher/block-pages.ts';
import type { BlockedPage } from '../crawl/fetcher/fetcher.options.ts';
import type { Db } from '../platform/db/database.ts';
import type { Metrics } from '../platform/metrics/metrics.ts';

/** Summed counts are written this often; `npx pricecrawl drivers` is at most this far behind. */
const FLUSH_INTERVAL_MS = 10_000;

export function createProcessDriverHealth(deps: {
  config: Pick<Config, 'dataDir'>;
  db: Db;
  logger: Logger;
  metrics: Metrics;
}): DriverHealth {
  const samplesDir = samplesDirOf(deps.config.dataDir);
  return createDriverHealth({
    writeCounts: (rows) => addDriverHealthCounts(deps.db, rows),
    keepSample: (event) => keepSample(samplesDir, event),
    onEvent: (event) => deps.metrics.driverPage(event.source, event.country, event.outcome),
    flushIntervalMs: FLUSH_INTERVAL_MS,
    logger: deps.logger,
  });
}

/** The fetcher's `blocked` event: counted by kind in the metrics and kept as driver-health evidence. */
export function reportBlockPage(health: DriverHealth, metrics: Metrics) {
  return (source: string, kind: BlockKind, page: BlockedPage): void => {
    metrics.fetchBlocked(source, kind);
    health.record({
      source,
      country: page.country,
      outcome: 'blocked',
      reason: kind,
      sample: { url: page.url, status: page.status, body: page.body, error: `${kind} block page` },
    });
  };
}
