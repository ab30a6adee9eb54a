/**
 * Change alerts at recording time (decisions G40). The results layer calls `recordChanges` inside
 * the transaction that records a run's values, before the delivery is assembled: the comparison,
 * the new baselines and the marks of what the delivery carries commit with the results or not at
 * all, so a restart between a run and its delivery neither loses nor repeats a change, and a value
 * recorded twice (a re-run task) is compared once because it is recorded once.
 */
import type { Db } from '../../platform/db/database.ts';
import type { Job, ResultItem } from '../work/work.table.ts';
import { decideChange } from './changes.compare.ts';
import { findBaselines, insertValueChanges, upsertBaselines } from './changes.repository.ts';
import type { ChangeBaselinesTable, ValueChangesTable } from './changes.table.ts';

/** Whether `job` is a run whose delivery carries only changes. */
export function deliversChanges(job: Pick<Job, 'parent_id' | 'deliver'>): boolean {
  return job.parent_id !== null && job.deliver === 'changes';
}

/** Compares just-recorded values of a run with their baselines and stores the outcome. */
export async function recordChanges(
  trx: Db,
  job: Job,
  recorded: readonly { index: number; item: ResultItem }[],
  recordedAt: string,
): Promise<void> {
  if (!deliversChanges(job) || job.parent_id === null || recorded.length === 0) return;
  const intervalJobId = job.parent_id;
  const stored = await findBaselines(
    trx,
    intervalJobId,
    recorded.map(({ item }) => item.key),
  );
  const baselines: ChangeBaselinesTable[] = [];
  const changes: ValueChangesTable[] = [];
  for (const { index, item } of recorded) {
    const decision = decideChange(stored.get(item.key), item, recordedAt);
    if (decision.baseline) {
      baselines.push({ job_id: intervalJobId, value: item.key, run_id: job.id, ...decision.baseline });
    }
    if (decision.deliver) {
      const previous = decision.previous === null ? null : JSON.stringify(decision.previous);
      changes.push({ job_id: job.id, idx: index, previous });
    }
  }
  await upsertBaselines(trx, baselines);
  await insertValueChanges(trx, changes);
}
