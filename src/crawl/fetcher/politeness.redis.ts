/**
 * The per-pair politeness of a cluster, on Redis: every worker process of a deployment draws from
 * the same limits, so N workers together keep the rate and concurrency one would (docs/architecture.md,
 * "Cluster-wide limits"). The same rules as the in-process `PairGate`, shared:
 * - concurrency: a `redis-semaphore` sorted-set semaphore whose leases are refreshed while a
 *   request runs and expire when its process dies;
 * - rate: a `rate-limiter-flexible` counter per clock-aligned window (1 s, or 1/R s rounded up to
 *   whole seconds below 1 request per second), so no wall-clock second sees more than R requests;
 *   each request starts at its place in the first half of the window (evenly spread, leaving
 *   margin so requests also reach the source within the window); the slowdown factor raises each request's cost, and a window
 *   always admits one request;
 * - back-off: the slowdown factor and the pause after a 429 or block page are Redis keys every
 *   process reads before a request and updates from its answers (a pause is only ever extended).
 */
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { Semaphore } from 'redis-semaphore';
import { sleep } from '../../platform/lib/time.ts';
import { SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { abortError } from './fetcher.failures.ts';
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

/** Cost of one request at factor 1, in the rate counter's points (points are whole numbers). */
const POINTS_PER_REQUEST = 1000;
/** Share of a window over which its requests start; the rest is margin for delays on the way. */
const SPREAD_SHARE = 0.5;
/** Pause between tries while Redis does not answer. */
const REDIS_RETRY_MS = 500;
/** How long shared back-off state outlives its last update. */
const STATE_TTL_MS = 3_600_000;

/** Sets the key to ARGV[1] unless it already holds a later time; keeps it ARGV[2] ms. */
const EXTEND_PAUSE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return redis.call('GET', KEYS[1])`;

/** Multiplies the factor by ARGV[1], clamped to [1, ARGV[2]]; answers the new factor. */
const SCALE_FACTOR = `
local current = tonumber(redis.call('GET', KEYS[1]) or '1')
local next = math.max(1, math.min(tonumber(ARGV[2]), current * tonumber(ARGV[1])))
redis.call('SET', KEYS[1], tostring(next), 'PX', ARGV[3])
return tostring(next)`;

class RedisPairGate implements Gate {
  private inFlight = 0;
  private queued = 0;
  private slowdownFactor = 1;
  private pausedUntilMs = 0;
  private readonly closing = new AbortController();
  private readonly windowSeconds: number;
  private readonly rate: RateLimiterRedis;

  constructor(
    readonly label: string,
    private readonly settings: PolitenessSettings,
    private readonly options: RedisPolitenessOptions,
  ) {
    this.windowSeconds = Math.max(1, Math.ceil(1 / settings.requestsPerSecond));
    this.rate = new RateLimiterRedis({
      storeClient: options.redis,
      keyPrefix: `${options.keyPrefix}:rate`,
      points: Math.max(
        POINTS_PER_REQUEST,
        Math.floor(settings.requestsPerSecond * this.windowSeconds * POINTS_PER_REQUEST),
      ),
      duration: this.windowSeconds,
    });
  }

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
    const stored = await this.options.redis.get(this.key('pause'));
    this.pausedUntilMs = Number(stored ?? 0);
    const pausedForMs = this.pausedUntilMs - Date.now();
    if (pausedForMs > this.settings.maxPauseWaitMs) {
      throw new SourceUnavailableError(`${this.label} is rate limited for another ${pausedForMs} ms`);
    }
    if (pausedForMs > 0) await sleep(pausedForMs, signal);
    if (signal.aborted) throw abortError(signal);
  }

  /** Takes the request's share of the current clock-aligned window, waiting for later windows. */
  private async takeTurn(signal: AbortSignal): Promise<void> {
    const windowMs = this.windowSeconds * 1000;
    for (;;) {
      const factor = Number((await this.options.redis.get(this.key('slowdown'))) ?? 1);
      this.slowdownFactor = Number.isFinite(factor) && factor >= 1 ? factor : 1;
      const cost = Math.min(this.rate.points, Math.round(POINTS_PER_REQUEST * this.slowdownFactor));
      const nowMs = Date.now();
      const window = Math.floor(nowMs / windowMs);
      let taken: RateLimiterRes | undefined;
      try {
        taken = await this.rate.consume(`${this.label}:${window}`, cost);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      }
      if (taken) {
        // Spread the window's requests evenly over its first part, so that they also reach the
        // source within the window when the event loop or the network delays them a little.
        const offsetMs = ((taken.consumedPoints - cost) / this.rate.points) * windowMs * SPREAD_SHARE;
        await sleep(window * windowMs + offsetMs - Date.now(), signal);
        if (signal.aborted) throw abortError(signal);
        // Woken after its window ended (a busy event loop): starting now would add to the next
        // window's requests, so take a turn in the current one instead.
        if (Date.now() < (window + 1) * windowMs) return;
        continue;
      }
      await sleep((window + 1) * windowMs - nowMs, signal);
      if (signal.aborted) throw abortError(signal);
      await this.waitOutPause(signal);
    }
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
    // Recovering from factor 1 changes nothing: skip the write, the common case.
    if (feedback.kind !== 'success' || this.slowdownFactor > 1) {
      const next = await options.redis.eval(
        SCALE_FACTOR,
        1,
        this.key('slowdown'),
        String(factor),
        String(settings.maxSlowdownFactor),
        String(STATE_TTL_MS),
      );
      this.slowdownFactor = Number(next);
    }
    if (feedback.kind === 'success') return;
    const pauseMs =
      feedback.retryAfterMs ?? (feedback.kind === 'rate_limited' ? settings.rateLimitPauseMs : 0);
    if (pauseMs <= 0) return;
    const until = await options.redis.eval(
      EXTEND_PAUSE,
      1,
      this.key('pause'),
      String(Date.now() + pauseMs),
      String(pauseMs),
    );
    this.pausedUntilMs = Number(until);
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
