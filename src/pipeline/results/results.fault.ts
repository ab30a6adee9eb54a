/**
 * The test-only group-commit fault (`FAULT_GROUP_COMMIT`, README): a pause inside a group's
 * transaction once its values are written, before the job's counters, credits and deliveries, so
 * a crash test can kill the process mid-commit. The variable is read per process, so the fault is
 * armed per process (by `main/runtime.ts`), never carried by a feature's dependencies.
 */

/** Called with the number of values a group wrote; may wait. */
export type GroupCommitPause = (values: number) => Promise<void>;

let armed: GroupCommitPause | undefined;

/** Arms the fault for this process; answers the function that disarms it (if still armed). */
export function armGroupCommitPause(pause: GroupCommitPause): () => void {
  armed = pause;
  return () => {
    if (armed === pause) armed = undefined;
  };
}

/** Where a group commit pauses when the fault is armed; answers at once otherwise. */
export async function groupCommitWritten(values: number): Promise<void> {
  await armed?.(values);
}
