import type { Logger } from 'pino';
import type { GroupCommitFault } from '../config.ts';
import { sleep } from '../platform/lib/time.ts';

/**
 * The test-only group-commit fault (`FAULT_GROUP_COMMIT`, README): the first group commit after
 * `afterGroups` groups that writes at least `minValues` values pauses inside its transaction, once,
 * for `pauseMs` after writing them (before the job's counters, credits and deliveries), and says so
 * at warn, so a crash test can kill the process there. Undefined unless configured; the runtime
 * arms it (`results.fault.ts`).
 */
export function groupCommitFault(
  fault: GroupCommitFault | undefined,
  logger: Logger,
): ((values: number) => Promise<void>) | undefined {
  if (!fault) return undefined;
  let groups = 0;
  let fired = false;
  return async (values) => {
    groups += 1;
    if (fired || groups <= fault.afterGroups || values < fault.minValues) return;
    fired = true;
    logger.warn({ values, pauseMs: fault.pauseMs }, 'FAULT_GROUP_COMMIT: group commit paused');
    await sleep(fault.pauseMs);
  };
}
