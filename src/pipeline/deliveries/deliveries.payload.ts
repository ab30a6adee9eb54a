/**
 * The body of a delivery (spec part 6, decisions C9, G27). Built from the stored results on every
 * attempt, so it is the same bytes each time; only the signature headers change.
 */
import type { Db } from '../../platform/db/database.ts';
import type { ResultItem } from '../work/work.table.ts';
import type { Job } from '../work/work.table.ts';
import { listResultsBySequence, type CompletedValueRow } from '../work/work.repository.ts';
import type { WebhookDelivery } from './deliveries.table.ts';
import { deliversChanges } from '../changes/changes.record.ts';
import { findValueChanges } from '../changes/changes.repository.ts';

/** One element of `results` in a delivery. */
export interface DeliveryResult {
  key: string;
  index: number;
  completed_at: string | null;
  result: Record<string, unknown> | null;
  /** `deliver: "changes"` runs only: the figures this result replaced, null the first time (G40). */
  previous?: Record<string, unknown> | null;
}

/** The result object of a delivery element: spec part 6 plus C9's `served_from`, `observed_at`, `trust`. */
export function deliveryResultOf(job: Job, row: CompletedValueRow): DeliveryResult {
  const item = row.result === null ? null : (JSON.parse(row.result) as ResultItem);
  const result =
    item === null
      ? null
      : {
          query: { source: job.source, country: job.country, key: job.key, value: row.value },
          content: item.content,
          success: item.success,
          reason: item.reason,
          updated_at: row.completed_at,
          served_from: item.served_from,
          observed_at: item.observed_at,
          trust: item.trust,
          ...(job.include_meta === 1 && item.meta !== undefined ? { meta: item.meta } : {}),
        };
  return { key: `${job.key}:${row.value}`, index: row.idx, completed_at: row.completed_at, result };
}

/**
 * The elements of a delivery: every result of its range, or for a `deliver: "changes"` run only
 * the changes marked when they were recorded, each with `previous` (decisions G40).
 */
async function deliveryResultsOf(db: Db, job: Job, rows: readonly CompletedValueRow[]) {
  if (!deliversChanges(job)) return rows.map((row) => deliveryResultOf(job, row));
  const changes = await findValueChanges(
    db,
    job.id,
    rows.map((row) => row.idx),
  );
  return rows.flatMap((row) => {
    const previous = changes.get(row.idx);
    if (previous === undefined) return [];
    const parsed = previous === null ? null : (JSON.parse(previous) as Record<string, unknown>);
    return [{ ...deliveryResultOf(job, row), previous: parsed }];
  });
}

/** The JSON body of a delivery. */
export async function buildDeliveryBody(db: Db, job: Job, delivery: WebhookDelivery): Promise<string> {
  const rows = await listResultsBySequence(db, job.id, delivery.first_seq, delivery.last_seq);
  return JSON.stringify({
    delivery_id: delivery.id,
    job_id: job.id,
    source: job.source,
    country: job.country,
    batch_sequence: delivery.batch_sequence,
    is_final: delivery.is_final === 1,
    values_total: job.values_total,
    values_done: delivery.values_done,
    values_errors: delivery.values_errors,
    client_ref: job.client_ref,
    results: await deliveryResultsOf(db, job, rows),
  });
}
