import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { createSqlQueue } from './queue.sql.ts';
import type { WorkQueue } from './queue.types.ts';

/** The configuration the engine choice reads. */
export type QueueEngineConfig = Pick<
  Config,
  'queueEngine' | 'redisUrl' | 'bullmqPrefix' | 'bullmqLockDurationMs' | 'databaseUrl' | 'role'
>;

/**
 * Creates the work queue `QUEUE_ENGINE` names. Every process that creates it can enqueue; with
 * BullMQ every process also relays its database outbox to Redis (an API process enqueues, so it
 * must relay too), while only `startWorker` roles consume. BullMQ (and ioredis) load only when chosen:
 * importing them costs the embedded default's start about a quarter of a second (docs/performance.md).
 */
export async function createConfiguredQueue(
  db: Db,
  logger: Logger,
  config: QueueEngineConfig,
): Promise<WorkQueue> {
  // Embedded (SQLite, one process doing everything): locks left by a crashed run are this process's.
  const soleProcess = config.databaseUrl === undefined && config.role === 'all';
  if (config.queueEngine === 'sql') return createSqlQueue(db, logger, { soleWorker: soleProcess });
  if (config.databaseUrl === undefined) {
    logger.warn(
      'QUEUE_ENGINE=bullmq on the SQLite file: only processes on this machine share the outbox; ' +
        'set DATABASE_URL for a distributed deployment',
    );
  }
  const { createBullmqQueue } = await import('./queue.bullmq.ts');
  return createBullmqQueue(db, logger, {
    redisUrl: config.redisUrl,
    prefix: config.bullmqPrefix,
    lockDurationMs: config.bullmqLockDurationMs,
    soleRelay: soleProcess,
  });
}
