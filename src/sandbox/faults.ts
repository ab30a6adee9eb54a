/** Seeded fault injection per source, plus request statistics for tests. */
import { SOURCE_IDS, type SourceId } from '../crawl/vocabulary/sources.types.ts';
import { rngFor, type Rng } from './random.ts';
import type { FaultKind, FaultProfile, RequestFaultKind } from './sandbox.types.ts';

/** Order in which request fault kinds are drawn; one uniform draw picks at most one of them. */
export const FAULT_KINDS: readonly RequestFaultKind[] = [
  'tooManyRequests',
  'serverError',
  'hang',
  'blockPage',
  'jsInterstitial',
  'consentWall',
  'robotCheck',
  'truncated',
  'dropConnection',
];

const ALL_FAULT_KINDS: readonly FaultKind[] = [...FAULT_KINDS, 'markupDrift'];

/**
 * Requests per outcome, `markupDrift` (product pages served in the second template) and
 * `maxRequestsPerSecond`: the most requests seen in one wall-clock second, `busySeconds`: the
 * wall-clock seconds that saw any, and `spanSeconds`: the wall-clock seconds from the first that saw
 * one to the last, those between that saw none included (the cluster's rate tests: a token bucket
 * bounds the requests of a span, while a second without requests lets a bucket refill).
 */
export type SourceStats = {
  requests: number;
  ok: number;
  maxRequestsPerSecond: number;
  busySeconds: number;
  spanSeconds: number;
} & Record<FaultKind, number>;

/** The fault decision for one request. */
export interface FaultDecision {
  delayMs: number;
  fault: RequestFaultKind | null;
  retryAfterSeconds: number;
}

/** Holds the current fault profiles, draws decisions from per-source seeded PRNGs and counts requests. */
export class FaultInjector {
  private profiles: Partial<Record<SourceId, FaultProfile>> = {};
  private rngs = new Map<SourceId, Rng>();
  private readonly counters = new Map<SourceId, SourceStats>();
  private readonly seconds = new Map<SourceId, { first: number; second: number; requests: number }>();

  constructor(
    private readonly seed: number,
    initial: Partial<Record<SourceId, FaultProfile>> = {},
  ) {
    this.replace(initial);
  }

  /** Replaces every profile and restarts the draws, so a test sees the same sequence each time. */
  replace(profiles: Partial<Record<SourceId, FaultProfile>>): void {
    this.profiles = structuredClone(profiles);
    this.rngs = new Map();
  }

  current(): Partial<Record<SourceId, FaultProfile>> {
    return structuredClone(this.profiles);
  }

  /** Decides what happens to the next request of `source` and counts it. */
  decide(source: SourceId): FaultDecision {
    const profile = this.profiles[source];
    const stats = this.statsOf(source);
    stats.requests++;
    this.countSecond(source, stats);
    const decision: FaultDecision = {
      delayMs: 0,
      fault: null,
      retryAfterSeconds: profile?.retryAfterSeconds ?? 1,
    };
    if (!profile) {
      stats.ok++;
      return decision;
    }
    let rng = this.rngs.get(source);
    if (!rng) {
      rng = rngFor(this.seed, 'faults', source);
      this.rngs.set(source, rng);
    }
    if (profile.latencyMs) decision.delayMs = rng.int(profile.latencyMs.min, profile.latencyMs.max);
    let draw = rng.next();
    for (const kind of FAULT_KINDS) {
      const rate = profile.rates?.[kind] ?? 0;
      if (draw < rate) {
        decision.fault = kind;
        break;
      }
      draw -= rate;
    }
    if (decision.fault) stats[decision.fault]++;
    else stats.ok++;
    return decision;
  }

  /**
   * Whether `productId` of `source` is drifted: a hash of (seed, source, storefront, product)
   * against the `markupDrift` rate, so the answer does not depend on request order. Counts hits.
   */
  drifted(source: SourceId, storefront: string, productId: string): boolean {
    const rate = this.profiles[source]?.rates?.markupDrift ?? 0;
    if (rate <= 0) return false;
    const hit = rngFor(this.seed, 'markupDrift', source, storefront, productId).next() < rate;
    if (hit) this.statsOf(source).markupDrift++;
    return hit;
  }

  /** Whether `source`'s pages come as script shells (`FaultProfile.scriptOnly`). */
  scriptOnly(source: SourceId): boolean {
    return this.profiles[source]?.scriptOnly === true;
  }

  stats(): Partial<Record<SourceId, SourceStats>> {
    return Object.fromEntries([...this.counters].map(([source, stats]) => [source, { ...stats }]));
  }

  private countSecond(source: SourceId, stats: SourceStats, nowMs = Date.now()): void {
    const second = Math.floor(nowMs / 1000);
    let current = this.seconds.get(source);
    if (current?.second !== second) {
      current = { first: current?.first ?? second, second, requests: 0 };
      this.seconds.set(source, current);
      stats.busySeconds += 1;
      stats.spanSeconds = second - current.first + 1;
    }
    current.requests += 1;
    stats.maxRequestsPerSecond = Math.max(stats.maxRequestsPerSecond, current.requests);
  }

  private statsOf(source: SourceId): SourceStats {
    let stats = this.counters.get(source);
    if (!stats) {
      stats = {
        requests: 0,
        ok: 0,
        maxRequestsPerSecond: 0,
        busySeconds: 0,
        spanSeconds: 0,
        tooManyRequests: 0,
        serverError: 0,
        hang: 0,
        blockPage: 0,
        jsInterstitial: 0,
        consentWall: 0,
        robotCheck: 0,
        truncated: 0,
        dropConnection: 0,
        markupDrift: 0,
      };
      this.counters.set(source, stats);
    }
    return stats;
  }
}

/** Validates a `PUT /_sandbox/faults` body; answers an error message or the parsed profiles. */
export function parseFaultProfiles(
  body: unknown,
): { error: string } | { profiles: Partial<Record<SourceId, FaultProfile>> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: 'body must be an object' };
  for (const [source, profile] of Object.entries(body)) {
    if (!(SOURCE_IDS as readonly string[]).includes(source)) return { error: `unknown source ${source}` };
    if (typeof profile !== 'object' || profile === null)
      return { error: `${source}: profile must be an object` };
    const { latencyMs, rates, retryAfterSeconds } = profile as FaultProfile;
    if (latencyMs && !(latencyMs.min >= 0 && latencyMs.max >= latencyMs.min)) {
      return { error: `${source}: latencyMs needs 0 <= min <= max` };
    }
    const rateValues = Object.entries(rates ?? {});
    for (const [kind, rate] of rateValues) {
      if (!(ALL_FAULT_KINDS as readonly string[]).includes(kind))
        return { error: `${source}: unknown fault ${kind}` };
      if (typeof rate !== 'number' || rate < 0 || rate > 1)
        return { error: `${source}: rate ${kind} must be 0..1` };
    }
    // Drift is decided per product, apart from the one per-request draw the others share.
    const drawn = rateValues.filter(([kind]) => kind !== 'markupDrift');
    if (drawn.reduce((sum, [, rate]) => sum + (rate ?? 0), 0) > 1)
      return { error: `${source}: request fault rates add up to more than 1` };
    const { scriptOnly } = profile as FaultProfile;
    if (scriptOnly !== undefined && typeof scriptOnly !== 'boolean')
      return { error: `${source}: scriptOnly must be true or false` };
    if (retryAfterSeconds !== undefined && !(Number.isInteger(retryAfterSeconds) && retryAfterSeconds >= 0)) {
      return { error: `${source}: retryAfterSeconds must be a non-negative integer` };
    }
  }
  return { profiles: body as Partial<Record<SourceId, FaultProfile>> };
}
