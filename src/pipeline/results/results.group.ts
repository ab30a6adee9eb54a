/**
 * Group commit of a crawl task's values (issue 11, "batch the bookkeeping"): values served
 * concurrently hand their results to one writer, which records whatever is waiting in one
 * transaction (`recordValueResultsWithin`) instead of one transaction per value. A value's
 * `record` resolves only once its group committed, so the task that served it ends (and the queue
 * forgets it) only after its result is durable. A group whose transaction fails is retried value
 * by value, so one bad value never takes the others down with it; a value that still fails
 * rejects its own `record` and its task runs again.
 */
import type { Job } from '../work/work.table.ts';
import { recordValueResults, type RecordDeps, type ValueRecord } from './results.record.ts';

/** Values recorded in one transaction at most. */
export const GROUP_MAX_VALUES = 32;
/**
 * How long the first waiting value waits for others before its group commits anyway. A group also
 * commits at once when every value the task still expects is waiting, or when `GROUP_MAX_VALUES`
 * are; while a group commits, newcomers wait and form the next one.
 */
export const GROUP_WAIT_MS = 3;

/** A waiting value: what to record and who waits for the answer. */
interface Waiting {
  input: ValueRecord;
  resolve: (recorded: boolean) => void;
  reject: (error: unknown) => void;
}

/** Where a task's values are recorded. */
export interface GroupWriter {
  /**
   * Records one value (and the rows beside it) in the next group; resolves after that group
   * committed with whether this value was recorded (false: another run had recorded it).
   */
  record(input: ValueRecord): Promise<boolean>;
  /** The task will record `count` fewer values than it said (served elsewhere, or failed). */
  forgo(count?: number): void;
}

/** A writer that commits each value on its own: the group of one, for callers outside a task. */
export function singleValueWriter(deps: RecordDeps, job: Job): GroupWriter {
  return {
    async record(input) {
      const outcome = await recordValueResults(deps, job, [input]);
      return outcome.recorded[0] === true;
    },
    forgo() {},
  };
}

/** A group writer for one task's values of `job`, of which it expects `expected`. */
export function createGroupWriter(deps: RecordDeps, job: Job, expected: number): GroupWriter {
  let outstanding = expected;
  const waiting: Waiting[] = [];
  let committing = false;
  let timer: NodeJS.Timeout | undefined;

  function consider(): void {
    if (committing || waiting.length === 0) return;
    if (waiting.length >= Math.min(GROUP_MAX_VALUES, outstanding)) {
      void commitNext();
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      void commitNext();
    }, GROUP_WAIT_MS);
  }

  async function commitNext(): Promise<void> {
    if (committing || waiting.length === 0) return;
    clearTimeout(timer);
    timer = undefined;
    committing = true;
    const group = waiting.splice(0, GROUP_MAX_VALUES);
    outstanding -= group.length;
    try {
      await commit(group);
    } finally {
      committing = false;
      consider();
    }
  }

  async function commit(group: readonly Waiting[]): Promise<void> {
    try {
      const outcome = await recordValueResults(
        deps,
        job,
        group.map((entry) => entry.input),
      );
      group.forEach((entry, position) => entry.resolve(outcome.recorded[position] === true));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // Nothing of the failed group was written: each value tries again on its own.
      for (const entry of group) await commit([entry]);
    }
  }

  return {
    record(input) {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        consider();
      });
    },
    forgo(count = 1) {
      outstanding -= count;
      consider();
    },
  };
}
