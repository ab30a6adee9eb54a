/**
 * Adaptive politeness per (source, country) pair: a concurrency limit, a token bucket for the request
 * rate (platform/lib/token-bucket.ts, the same on Redis), and a pause after rate limiting. Rules
 * (docs/crawl-engine.md, "Politeness"):
 * - error responses never shorten the delay: they only raise the slowdown factor (each request's
 *   cost in tokens), and a pause is only ever extended (`max`), never cut short by a later, shorter
 *   `Retry-After`;
 * - a 429 / `Retry-After` pauses the whole pair for at least that long, and the bucket restarts
 *   with one request's tokens when the pause ends (no burst);
 * - successes bring the factor back towards 1 one step at a time.
 * Waiters are served first come, first served.
 */
import { SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import {
  bucketAt,
  heldUntil,
  takeFrom,
  type Bucket,
  type BucketShape,
} from '../../platform/lib/token-bucket.ts';
import { abortError } from './fetcher.failures.ts';

export interface PolitenessSettings {
  concurrency: number;
  requestsPerSecond: number;
  burst: number;
  errorSlowdownFactor: number;
  rateLimitSlowdownFactor: number;
  maxSlowdownFactor: number;
  successRecoveryFactor: number;
  rateLimitPauseMs: number;
  maxPauseWaitMs: number;
}

/** What the answer to a permitted request says about the source's load. */
export type PolitenessFeedback =
  | { kind: 'success' }
  /** The request never told us anything about the source (the value's deadline aborted it). */
  | { kind: 'neutral' }
  | { kind: 'error'; retryAfterMs?: number }
  | { kind: 'rate_limited'; retryAfterMs?: number };

/** Held while a request is in flight; release it exactly once with what the answer said. */
export interface Permit {
  release(feedback: PolitenessFeedback): void;
}

/** Observable state of one pair, for tests and metrics. */
export interface GateSnapshot {
  inFlight: number;
  queued: number;
  slowdownFactor: number;
  pausedForMs: number;
}

interface Waiter {
  signal: AbortSignal;
  resolve: (permit: Permit) => void;
  reject: (error: Error) => void;
  onAbort: () => void;
}

/** What the fetcher asks of one pair's politeness, in this process or across the cluster. */
export interface Gate {
  /** Waits for a slot and a token; rejects with the abort error when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<Permit>;
  snapshot(): GateSnapshot;
  close(): void;
}

/** The gates of every pair, created on first use. */
export interface PolitenessGates {
  gate(source: string, country: string): Gate;
  close(): void;
}

/** The settings of one pair (`settingsPerPair` resolves them from the defaults and the overrides). */
export type PairSettings = (source: string, country: string) => PolitenessSettings;

/** Makes the gates of one fetcher from each pair's settings: in-process (default) or on Redis. */
export type PolitenessFactory = (settingsOf: PairSettings) => PolitenessGates;

/** An operator's overrides for a source or a pair (`CRAWL_LIMITS`); absent fields fall through. */
export interface PairLimits {
  readonly concurrency?: number;
  readonly requestsPerSecond?: number;
}

/** The politeness state of one (source, country) pair, in this process. */
export class PairGate implements Gate {
  private inFlight = 0;
  private readonly shape: BucketShape;
  private bucket: Bucket;
  private pausedUntilMs = 0;
  private slowdownFactor = 1;
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly label: string,
    private readonly settings: PolitenessSettings,
  ) {
    this.shape = { ratePerSecond: settings.requestsPerSecond, burst: settings.burst };
    this.bucket = { tokens: settings.burst, atMs: Date.now() };
  }

  /** Waits for a slot and a token; rejects with the abort error when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<Permit> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    if (this.closed) return Promise.reject(new SourceUnavailableError('crawl engine closed'));
    const tooLong = this.pauseTooLong(Date.now());
    if (tooLong) return Promise.reject(tooLong);
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        resolve,
        reject,
        onAbort: () => {
          this.remove(waiter);
          reject(abortError(signal));
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  snapshot(): GateSnapshot {
    return {
      inFlight: this.inFlight,
      queued: this.queue.length,
      slowdownFactor: this.slowdownFactor,
      pausedForMs: Math.max(0, this.pausedUntilMs - Date.now()),
    };
  }

  /** Rejects every waiter and stops the timer; later acquires fail. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const waiter of this.queue.splice(0))
      this.settle(waiter, new SourceUnavailableError('crawl engine closed'));
  }

  private pauseTooLong(nowMs: number): SourceUnavailableError | undefined {
    const pausedForMs = this.pausedUntilMs - nowMs;
    if (pausedForMs <= this.settings.maxPauseWaitMs) return undefined;
    return new SourceUnavailableError(`${this.label} is rate limited for another ${pausedForMs} ms`);
  }

  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0 && this.inFlight < this.settings.concurrency) {
      const nowMs = Date.now();
      this.bucket = bucketAt(this.shape, this.bucket, nowMs);
      const take = takeFrom(this.shape, this.bucket.tokens, this.slowdownFactor);
      const waitMs = nowMs < this.pausedUntilMs ? this.pausedUntilMs - nowMs : take.waitMs;
      if (waitMs > 0) {
        this.timer = setTimeout(() => this.pump(), Math.ceil(waitMs));
        return;
      }
      const waiter = this.queue.shift();
      if (!waiter) return;
      this.bucket.tokens = take.tokens;
      this.inFlight += 1;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.permit());
    }
  }

  private permit(): Permit {
    let released = false;
    return {
      release: (feedback) => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.learn(feedback);
        if (!this.closed) this.pump();
      },
    };
  }

  private learn(feedback: PolitenessFeedback): void {
    const nowMs = Date.now();
    const { settings } = this;
    if (feedback.kind === 'success') {
      this.slowdownFactor = Math.max(1, this.slowdownFactor * settings.successRecoveryFactor);
      return;
    }
    if (feedback.kind === 'neutral') return;
    const factor =
      feedback.kind === 'rate_limited' ? settings.rateLimitSlowdownFactor : settings.errorSlowdownFactor;
    this.slowdownFactor = Math.min(settings.maxSlowdownFactor, this.slowdownFactor * factor);
    const pauseMs =
      feedback.retryAfterMs ?? (feedback.kind === 'rate_limited' ? settings.rateLimitPauseMs : 0);
    if (pauseMs > 0) this.pause(nowMs + pauseMs);
  }

  private pause(untilMs: number): void {
    if (untilMs <= this.pausedUntilMs) return;
    this.pausedUntilMs = untilMs;
    this.bucket = heldUntil(this.shape, this.bucket, Date.now(), untilMs, this.slowdownFactor);
    const tooLong = this.pauseTooLong(Date.now());
    if (tooLong) for (const waiter of this.queue.splice(0)) this.settle(waiter, tooLong);
  }

  private remove(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
  }

  private settle(waiter: Waiter, error: Error): void {
    waiter.signal.removeEventListener('abort', waiter.onAbort);
    waiter.reject(error);
  }
}

/** Spec rule 1: `uk` and `gb` name the same marketplace, so they share one politeness state. */
export function pairKey(source: string, country: string): string {
  const normalized = country.toLowerCase() === 'gb' ? 'uk' : country.toLowerCase();
  return `${source}.${normalized}`;
}

/**
 * Each pair's settings: every field of `limits` from the most specific entry that sets it
 * (`source_NN.cc`, then `source_NN`), else from `defaults`. `source_NN.gb` and `source_NN.uk` are one
 * entry, as they are one gate. The burst never exceeds a second's worth of requests (at least one), so
 * a pair limited to R requests per second never starts more than R back to back after a rest.
 */
export function settingsPerPair(
  defaults: PolitenessSettings,
  limits: Readonly<Record<string, PairLimits>> = {},
): PairSettings {
  const byKey = new Map<string, PairLimits>();
  for (const [key, limit] of Object.entries(limits)) {
    const [source = key, country] = key.split('.');
    byKey.set(country === undefined ? source : pairKey(source, country), limit);
  }
  return (source, country) => {
    const pair = byKey.get(pairKey(source, country)) ?? {};
    const whole = byKey.get(source) ?? {};
    const requestsPerSecond = pair.requestsPerSecond ?? whole.requestsPerSecond ?? defaults.requestsPerSecond;
    return {
      ...defaults,
      concurrency: pair.concurrency ?? whole.concurrency ?? defaults.concurrency,
      requestsPerSecond,
      burst: Math.max(1, Math.min(defaults.burst, Math.floor(requestsPerSecond))),
    };
  };
}

/** One `PairGate` per (source, country), created on first use: the embedded default. */
export class PolitenessRegistry implements PolitenessGates {
  private readonly gates = new Map<string, PairGate>();

  constructor(private readonly settingsOf: PairSettings) {}

  gate(source: string, country: string): PairGate {
    const key = pairKey(source, country);
    let gate = this.gates.get(key);
    if (!gate) {
      gate = new PairGate(key, this.settingsOf(source, country));
      this.gates.set(key, gate);
    }
    return gate;
  }

  close(): void {
    for (const gate of this.gates.values()) gate.close();
  }
}

/** The in-process gates: each process keeps its own limits (the embedded default). */
export const inProcessPoliteness: PolitenessFactory = (settingsOf) => new PolitenessRegistry(settingsOf);
