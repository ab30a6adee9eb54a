/**
 * The per-pair politeness of a cluster, on Redis: every worker process of a deployment draws from
 * the same limits, so N workers together keep the rate and concurrency one would (docs/architecture.md,
 * "Cluster-wide limits"). The same rules as the in-process `PairGate`, shared:
 * - concurrency: a `redis-semaphore` sorted-set semaphore whose leases are refreshed while a
 *   request runs and expire when its process dies;
 * - rate: the `PairGate`'s token bucket (platform/lib/token-bucket.ts: `perPairBurst` tokens,
 *   refilled at the pair's rate, a request costing its slowdown factor), one atomic script per take
 *   on the Redis server's clock; a refused take answers how long until it would pass, and the
 *   request sleeps that long before it asks again;
 * - back-off: the slowdown factor and the pause after a 429 or block page live in the pair's hash
 *   beside its tokens; one script updates them from an answer (a pause is only ever extended, and
 *   the bucket restarts with one request's tokens when it ends), and every take reads them.
 */
import type { Redis } from 'ioredis';
import { Semaphore } from 'redis-semaphore';
import { sleep } from '../../platform/lib/time.ts';
import { SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { abortError } from './fetcher.failures.ts';
import { pairScripts } from './politeness.redis.scripts.ts';
import {
  pairKey,
  type Gate,
  type GateSnapshot,
  type Permit,
  type PolitenessFactory,
  type PolitenessFeedback,
  type PolitenessGates,
  type PolitenessSettings,
} from './politeness.ts';

/** Where the shared state lives. */
export interface RedisPolitenessOptions {
  redis: Redis;
  /** Prefix of every key, e.g. `<BULLMQ_PREFIX>:politeness`. */
  keyPrefix: string;
  /** A concurrency slot whose process stopped refreshing it is free again after this (default 30 s). */
  slotLeaseMs?: number;
}

/** Pause between tries while Redis does not answer. */
const REDIS_RETRY_MS = 500;
/** How long a pair's shared state outlives its last update. */
const STATE_TTL_MS = 3_600_000;

class RedisPairGate implements Gate {
  private inFlight = 0;
  private queued = 0;
  private slowdownFactor = 1;
  private pausedUntilMs = 0;
  private readonly closing = new AbortController();

  constructor(
    readonly label: string,
    private readonly settings: PolitenessSettings,
    private readonly options: RedisPolitenessOptions,
  ) {}

  private key(kind: string): string {
    return `${this.options.keyPrefix}:${kind}:${this.label}`;
  }

  /**
   * While Redis does not answer, a request waits for it (up to the value's deadline) rather than
   * failing its value for a fault of ours.
   */
  async acquire(signal: AbortSignal): Promise<Permit> {
    for (;;) {
      if (signal.aborted) throw abortError(signal);
      try {
        return await this.acquireOnce(signal);
      } catch (error) {
        if (error instanceof SourceUnavailableError || signal.aborted) throw error;
        if (this.closing.signal.aborted) throw new SourceUnavailableError('crawl engine closed');
        await sleep(REDIS_RETRY_MS, AbortSignal.any([signal, this.closing.signal]));
      }
    }
  }

  private async acquireOnce(signal: AbortSignal): Promise<Permit> {
    if (this.closing.signal.aborted) throw new SourceUnavailableError('crawl engine closed');
    const both = AbortSignal.any([signal, this.closing.signal]);
    this.queued += 1;
    let slot: Semaphore | undefined;
    try {
      await this.waitOutPause(both);
      slot = new Semaphore(this.options.redis, this.key('slots'), this.settings.concurrency, {
        lockTimeout: this.options.slotLeaseMs ?? 30_000,
        acquireTimeout: 24 * 3_600_000,
        retryInterval: 20,
        // A lost slot only means another request may start; the request in flight goes on.
        onLockLost: () => undefined,
      });
      await slot.acquire(both);
      await this.takeTurn(both);
    } catch (error) {
      if (slot?.isAcquired) await slot.release().catch(() => undefined);
      if (signal.aborted) throw abortError(signal);
      if (this.closing.signal.aborted) throw new SourceUnavailableError('crawl engine closed');
      throw error;
    } finally {
      this.queued -= 1;
    }
    this.inFlight += 1;
    return this.permit(slot);
  }

  /** Waits while the pair is paused; fails at once when the pause is longer than a request waits. */
  private async waitOutPause(signal: AbortSignal): Promise<void> {
    const { pausedForMs } = await this.ask(false);
    this.checkPause(pausedForMs);
    if (pausedForMs > 0) await sleep(pausedForMs, signal);
    if (signal.aborted) throw abortError(signal);
  }

  /** Takes the request's tokens, sleeping as long as each refused take says until it would pass. */
  private async takeTurn(signal: AbortSignal): Promise<void> {
    for (;;) {
      const answer = await this.ask(true);
      if (answer.taken) return;
      this.checkPause(answer.pausedForMs);
      await sleep(Math.max(1, Math.ceil(answer.waitMs)), signal);
      if (signal.aborted) throw abortError(signal);
    }
  }

  private checkPause(pausedForMs: number): void {
    if (pausedForMs <= this.settings.maxPauseWaitMs) return;
    const ms = Math.ceil(pausedForMs);
    throw new SourceUnavailableError(`${this.label} is rate limited for another ${ms} ms`);
  }

  /** One run of the pair's take script: a take, or (`take` false) a look at the pause and the factor. */
  private async ask(take: boolean): Promise<{ taken: boolean; waitMs: number; pausedForMs: number }> {
    const { settings, options } = this;
    const [taken, waitMs, factor, pausedForMs] = await pairScripts(options.redis).take(
      this.key('pair'),
      settings.requestsPerSecond,
      settings.burst,
      STATE_TTL_MS,
      take ? 1 : 0,
    );
    this.note(Number(factor), Number(pausedForMs));
    return { taken: taken === 1, waitMs: Number(waitMs), pausedForMs: Number(pausedForMs) };
  }

  private note(factor: number, pausedForMs: number): void {
    this.slowdownFactor = factor;
    this.pausedUntilMs = Date.now() + pausedForMs;
  }

  private permit(slot: Semaphore): Permit {
    let released = false;
    return {
      release: (feedback) => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        void slot.release().catch(() => undefined);
        void this.learn(feedback).catch(() => undefined);
      },
    };
  }

  private async learn(feedback: PolitenessFeedback): Promise<void> {
    const { settings, options } = this;
    if (feedback.kind === 'neutral') return;
    const factor =
      feedback.kind === 'success'
        ? settings.successRecoveryFactor
        : feedback.kind === 'rate_limited'
          ? settings.rateLimitSlowdownFactor
          : settings.errorSlowdownFactor;
    const pauseMs =
      feedback.kind === 'success'
        ? 0
        : (feedback.retryAfterMs ?? (feedback.kind === 'rate_limited' ? settings.rateLimitPauseMs : 0));
    // Recovering from factor 1 changes nothing: skip the write, the common case.
    if (feedback.kind === 'success' && this.slowdownFactor <= 1) return;
    const [next, pausedForMs] = await pairScripts(options.redis).learn(
      this.key('pair'),
      settings.requestsPerSecond,
      settings.burst,
      STATE_TTL_MS,
      factor,
      settings.maxSlowdownFactor,
      Math.max(0, pauseMs),
    );
    this.note(Number(next), Number(pausedForMs));
  }

  snapshot(): GateSnapshot {
    return {
      inFlight: this.inFlight,
      queued: this.queued,
      slowdownFactor: this.slowdownFactor,
      pausedForMs: Math.max(0, this.pausedUntilMs - Date.now()),
    };
  }

  close(): void {
    this.closing.abort();
  }
}

/** The cluster's gates on Redis; `src/main/runtime.ts` passes this to the fetcher in distributed mode. */
export function redisPoliteness(options: RedisPolitenessOptions): PolitenessFactory {
  return (settingsOf): PolitenessGates => {
    const gates = new Map<string, RedisPairGate>();
    return {
      gate(source, country) {
        const key = pairKey(source, country);
        let gate = gates.get(key);
        if (!gate) {
          // Each pair its own settings: its semaphore size and its rate counter's points.
          gate = new RedisPairGate(key, settingsOf(source, country), options);
          gates.set(key, gate);
        }
        return gate;
      },
      close() {
        for (const gate of gates.values()) gate.close();
      },
    };
  };
}
