import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { tryAcquireLease } from './leases.repository.ts';

/** A schedule that runs its work once per period across every process sharing the database. */
export interface LeasedSchedule {
  /** Stops ticking; work in flight finishes on its own. */
  stop(): void;
}

/** Settings of one leased schedule. */
export interface LeasedScheduleOptions {
  /** The lease's name, the same in every process. */
  name: string;
  /** This process's identity (unique per process). */
  owner: string;
  periodMs: number;
  run: () => Promise<void>;
  /** How often a process checks whether the period's turn is free (default a quarter period). */
  checkIntervalMs?: number;
}

/**
 * Every process ticks, but only the one that takes the lease (held for a whole period, see
 * `tryAcquireLease`) does the work: the period's work happens once per cluster, and when its
 * holder dies the next period is taken by another process.
 */
export function startLeasedSchedule(db: Db, logger: Logger, options: LeasedScheduleOptions): LeasedSchedule {
  const checkIntervalMs = options.checkIntervalMs ?? Math.max(50, Math.floor(options.periodMs / 4));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const mine = await tryAcquireLease(db, {
        name: options.name,
        owner: options.owner,
        ttlMs: options.periodMs,
      });
      if (mine) await options.run();
    } catch (err) {
      logger.error({ err, schedule: options.name }, 'scheduled work failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), checkIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
