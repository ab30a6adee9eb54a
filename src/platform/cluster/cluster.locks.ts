/**
 * Locks by key held by one process of the cluster at a time: the cross-process half of cache
 * single-flight (one crawl of a value at a time across the cluster). In one process the
 * observation cache's own `SingleFlight` already lets callers of a key wait for its flight, so
 * the in-process implementation holds nothing; the Redis one is a `redis-semaphore` mutex whose
 * lease is refreshed while its holder runs and expires when its process dies.
 */
import type { Redis } from 'ioredis';
import { Mutex } from 'redis-semaphore';

/** Gives a held key back. */
export type KeyRelease = () => Promise<void>;

/** One lock per key across every process that shares the implementation's store. */
export interface KeyLocks {
  /**
   * Waits until no other process holds `key` (at most `waitMs`, or until `signal` aborts), then
   * holds it; answers the release, or undefined when the wait ran out (the caller goes on unlocked).
   */
  hold(key: string, waitMs: number, signal?: AbortSignal): Promise<KeyRelease | undefined>;
}

/** The embedded default: a process's single-flight needs no lock of its own. */
export const inProcessKeyLocks: KeyLocks = {
  hold: async () => async () => undefined,
};

/** Settings of the Redis locks. */
export interface RedisKeyLocksOptions {
  redis: Redis;
  /** Prefix of every key, e.g. `<BULLMQ_PREFIX>:flights`. */
  keyPrefix: string;
  /** A holder that stopped refreshing (its process died) loses the key after this (default 30 s). */
  leaseMs?: number;
}

/** Locks on Redis, shared by every process of a deployment. */
export function redisKeyLocks(options: RedisKeyLocksOptions): KeyLocks {
  return {
    async hold(key, waitMs, signal) {
      const mutex = new Mutex(options.redis, `${options.keyPrefix}:${key}`, {
        lockTimeout: options.leaseMs ?? 30_000,
        acquireTimeout: Math.max(1, waitMs),
        retryInterval: 25,
        // A lost lease only means another process may crawl the key too; this crawl goes on.
        onLockLost: () => undefined,
      });
      const held = await mutex.tryAcquire(signal).catch(() => false);
      if (!held) return undefined;
      return () => mutex.release().catch(() => undefined);
    },
  };
}
