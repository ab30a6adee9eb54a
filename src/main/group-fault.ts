import type { Logger } from 'pino';
import type { GroupCommitFault } from '../config.ts';
import { sleep } from '../lib/time.ts';

/**
 * The test-only group-commit fault (`FAULT_GROUP_COMMIT`, README): the first group commit after
 * `afterGroups` groups that has more than `afterValues` values pauses inside its transaction, once,
 * for `pauseMs` after writing `afterValues` of them, and says so at warn, so a crash test can kill
 * the process there. Absent (no hook) unless configured.
 */
export function groupCommitFault(
  fault: GroupCommitFault | undefined,
  logger: Logger,
): ((written: number, total: number) => Promise<void>) | undefined {
  if (!fault) return undefined;
  let groups = 0;
  let fired = false;
  return async (written, total) => {
    if (written === 1) groups += 1;
    if (fired || groups <= fault.afterGroups || written !== fault.afterValues || total <= written) return;
    fired = true;
    logger.warn({ written, total, pauseMs: fault.pauseMs }, 'FAULT_GROUP_COMMIT: group commit paused');
    await sleep(fault.pauseMs);
  };
}
