import type { Logger } from 'pino';
import type { RecordedValue } from '../pipeline/results/results.record.ts';
import { valueOutcome, type Metrics } from '../platform/metrics/metrics.ts';

/**
 * Counts every recorded value and ended job, and logs the end of a job at info. It runs once the
 * recording transaction committed, so a value is counted once even when its task re-runs or its
 * group's transaction failed and its values were recorded again one by one.
 */
export function createMetricsRecorder(metrics: Metrics, logger: Logger): (value: RecordedValue) => void {
  return ({ job, item, credits, jobEnded }) => {
    metrics.valueRecorded(job.source, valueOutcome(item), item.served_from, credits);
    if (!jobEnded) return;
    metrics.jobEnded(job.source, jobEnded);
    logger.info(
      { jobId: job.id, kind: job.kind, source: job.source, country: job.country, values: job.values_total },
      `job ${jobEnded}`,
    );
  };
}
