import type { Logger } from 'pino';
import type { CompletionHook } from '../jobs/jobs.completion.ts';
import { valueOutcome, type Metrics } from './metrics.ts';

/**
 * Counts every recorded value and ended job, and logs the end of a job at info. It runs inside the
 * recording transaction, after the write, so a value is counted once even when its task re-runs.
 */
export function createMetricsCompletionHook(metrics: Metrics, logger: Logger): CompletionHook {
  return async (_trx, completion) => {
    const { job, item } = completion;
    metrics.valueRecorded(job.source, valueOutcome(item), item.served_from, completion.credits);
    if (completion.jobFinished) {
      metrics.jobEnded(job.source, 'finished');
      logger.info(
        { jobId: job.id, kind: job.kind, source: job.source, country: job.country, values: job.values_total },
        'job finished',
      );
    }
  };
}
