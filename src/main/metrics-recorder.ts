import type { Logger } from 'pino';
import type { RecordedValue } from '../results/results.record.ts';
import { valueOutcome, type Metrics } from '../metrics/metrics.ts';

/**
 * Counts every recorded value and ended job, and logs the end of a job at info. It runs inside the
 * recording transaction, after the write, so a value is counted once even when its task re-runs.
 */
export function createMetricsRecorder(metrics: Metrics, logger: Logger): (value: RecordedValue) => void {
  return ({ job, item, credits, jobFinished }) => {
    metrics.valueRecorded(job.source, valueOutcome(item), item.served_from, credits);
    if (!jobFinished) return;
    metrics.jobEnded(job.source, 'finished');
    logger.info(
      { jobId: job.id, kind: job.kind, source: job.source, country: job.country, values: job.values_total },
      'job finished',
    );
  };
}
