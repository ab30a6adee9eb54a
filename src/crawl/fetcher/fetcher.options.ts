/**
 * Settings of the crawl fetcher. Every field has a default; `src/config.ts` passes overrides in
 * (this module never reads the environment). Units are in the names.
 */

import type { PairLimits, PolitenessFactory } from './politeness.ts';
import { detectBlockPage, type BlockKind } from './block-pages.ts';
import { DEFAULT_OPEN_TARGETS, type OpenTargetOptions } from './fetcher.open.ts';

/**
 * The kind of block page a fetched HTML page is (captcha, interstitial, consent wall …), or undefined
 * for content. It is given the page's first `BLOCK_SCAN_CHARS` characters: block pages are small.
 */
export type BlockPageDetector = (page: { status: number; body: string }) => BlockKind | undefined;

export interface FetcherOptions {
  /**
   * Where the per-pair limits live: in this process (default) or shared by the cluster on Redis
   * (`politeness.redis.ts`), chosen by `src/main/runtime.ts`.
   */
  politeness?: PolitenessFactory;
  /** Time one attempt may take from sending the request to the last body byte (headers and body). */
  requestTimeoutMs: number;
  /** Time to open a TCP/TLS connection (to the source or to the proxy). */
  connectTimeoutMs: number;
  /** Largest decoded response body accepted; a larger one is aborted and fails the fetch. */
  maxResponseBytes: number;
  /** Attempts per page, the first included, before the fetch fails with `SourceUnavailableError`. */
  maxAttempts: number;
  /** Base of the exponential retry backoff: attempt n waits random(0, min(max, base * 2^(n-1))). */
  backoffBaseMs: number;
  /** Cap of one retry backoff. */
  backoffMaxMs: number;
  /** Redirect hops followed per fetch before it fails. */
  maxRedirects: number;
  /** Requests in flight at once per (source, country) pair. */
  perPairConcurrency: number;
  /** Steady request rate per (source, country) pair (token bucket refill at full speed). */
  perPairRequestsPerSecond: number;
  /**
   * Concurrency and rate of some sources (`source_NN`) or pairs (`source_NN.cc`) instead of the two
   * above (`CRAWL_LIMITS`); the most specific entry that sets a field wins.
   */
  perPairLimits: Readonly<Record<string, PairLimits>>;
  /**
   * Token bucket capacity: requests a rested pair may start back to back (never more than its rate
   * allows in one second).
   */
  perPairBurst: number;
  /**
   * Each error response multiplies the pair's slowdown factor by this: a request's cost in tokens, so
   * the interval between its requests (never below 1).
   */
  errorSlowdownFactor: number;
  /** A 429 multiplies the pair's slowdown factor by this. */
  rateLimitSlowdownFactor: number;
  /** Upper bound of the slowdown factor. */
  maxSlowdownFactor: number;
  /** Each success multiplies the slowdown factor by this (between 0 and 1) until it is back at 1. */
  successRecoveryFactor: number;
  /** How long a pair pauses after a 429 that carries no usable `Retry-After`. */
  rateLimitPauseMs: number;
  /** A pair paused for longer than this fails waiting requests at once instead of queueing them. */
  maxPairPauseWaitMs: number;
  /** Forward proxies per country (lowercase ISO code → proxy URLs, used in turn on rotation). */
  proxiesByCountry: Readonly<Record<string, readonly string[]>>;
  /**
   * Plain-http targets go through the proxy as absolute-form requests when false (works with every
   * forward proxy, also those that allow CONNECT to port 443 only); through a CONNECT tunnel when true.
   * https targets always use CONNECT.
   */
  proxyTunnelForHttp: boolean;
  /** `geo` of requests made without a proxy (`LOCAL_EGRESS_COUNTRY`); undefined reports `null`. */
  localEgressCountry: string | undefined;
  /** User agents; a new session takes the next one. */
  userAgents: readonly string[];
  /** Sent as `accept-language` unless the driver sets one. */
  acceptLanguage: string;
  /** Kept-alive connections per origin and dispatcher. */
  connectionsPerOrigin: number;
  /** Idle time after which a kept-alive connection is closed. */
  keepAliveTimeoutMs: number;
  /** Recognises block pages: captchas, interstitials, consent walls (rotates session and proxy, then retries). */
  isBlockPage: BlockPageDetector;
  /** Source of randomness for backoff jitter (tests pass a fixed one). */
  random: () => number;
  /** Told what happens, for metrics; the default does nothing. */
  events: FetchEvents;
  /** Rules of targets the user chose (`open` requests, the `web` source, decisions G35). */
  openTargets: OpenTargetOptions;
}

/** What the fetcher reports as it works (decisions G33 metrics). */
export interface FetchEvents {
  /** A page fetch ended (retries included) after `durationMs`. */
  fetched(source: string, outcome: 'ok' | 'not_found' | 'failed', durationMs: number): void;
  /** An attempt failed with `kind` and will be retried. */
  retried(source: string, kind: string): void;
  /** The source answered `page` with a block page of `kind` (the session rotates). */
  blocked(source: string, kind: BlockKind, page: BlockedPage): void;
}

/** A block page as the fetcher saw it: never its headers or cookies. */
export interface BlockedPage {
  country: string;
  url: string;
  status: number;
  body: string;
}

const IGNORED_FETCH_EVENTS: FetchEvents = { fetched() {}, retried() {}, blocked() {} };

/** Default block page rules: the walls real sites put up (block-pages.ts). */
export const defaultBlockPageDetector: BlockPageDetector = detectBlockPage;

export const DEFAULT_USER_AGENTS: readonly string[] = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
];

export const DEFAULT_FETCHER_OPTIONS: Readonly<FetcherOptions> = {
  requestTimeoutMs: 20_000,
  connectTimeoutMs: 10_000,
  maxResponseBytes: 8 * 1024 * 1024,
  maxAttempts: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 15_000,
  maxRedirects: 5,
  perPairConcurrency: 4,
  perPairRequestsPerSecond: 4,
  perPairLimits: {},
  perPairBurst: 4,
  errorSlowdownFactor: 1.5,
  rateLimitSlowdownFactor: 2,
  maxSlowdownFactor: 16,
  successRecoveryFactor: 0.9,
  rateLimitPauseMs: 5_000,
  maxPairPauseWaitMs: 120_000,
  proxiesByCountry: {},
  proxyTunnelForHttp: false,
  localEgressCountry: undefined,
  userAgents: DEFAULT_USER_AGENTS,
  events: IGNORED_FETCH_EVENTS,
  acceptLanguage: 'en;q=0.8,*;q=0.5',
  connectionsPerOrigin: 32,
  keepAliveTimeoutMs: 30_000,
  isBlockPage: defaultBlockPageDetector,
  random: Math.random,
  openTargets: DEFAULT_OPEN_TARGETS,
};

function requirePositive(name: string, value: number, allowZero = false): void {
  const ok = Number.isFinite(value) && (allowZero ? value >= 0 : value > 0);
  if (!ok)
    throw new RangeError(
      `fetcher option ${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`,
    );
}

/** Merges overrides onto the defaults and rejects settings the fetcher cannot work with. */
export function resolveFetcherOptions(overrides: Partial<FetcherOptions> = {}): FetcherOptions {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const options: FetcherOptions = { ...DEFAULT_FETCHER_OPTIONS, ...defined };
  for (const name of [
    'requestTimeoutMs',
    'connectTimeoutMs',
    'maxResponseBytes',
    'maxAttempts',
    'perPairConcurrency',
    'perPairRequestsPerSecond',
    'perPairBurst',
    'connectionsPerOrigin',
  ] as const) {
    requirePositive(name, options[name]);
  }
  for (const name of ['backoffBaseMs', 'backoffMaxMs', 'maxRedirects', 'rateLimitPauseMs'] as const) {
    requirePositive(name, options[name], true);
  }
  requirePositive('maxPairPauseWaitMs', options.maxPairPauseWaitMs, true);
  for (const [key, limit] of Object.entries(options.perPairLimits)) {
    if (limit.concurrency !== undefined)
      requirePositive(`perPairLimits.${key}.concurrency`, limit.concurrency);
    if (limit.requestsPerSecond !== undefined) {
      requirePositive(`perPairLimits.${key}.requestsPerSecond`, limit.requestsPerSecond);
    }
  }
  if (options.perPairBurst < 1) throw new RangeError('fetcher option perPairBurst must be at least 1');
  if (
    options.errorSlowdownFactor < 1 ||
    options.rateLimitSlowdownFactor < 1 ||
    options.maxSlowdownFactor < 1
  ) {
    throw new RangeError('fetcher slowdown factors must be at least 1 (errors never shorten the delay)');
  }
  if (!(options.successRecoveryFactor > 0 && options.successRecoveryFactor <= 1)) {
    throw new RangeError('fetcher option successRecoveryFactor must be in (0, 1]');
  }
  const { maxPageBytes, perHostConcurrency, perHostRequestsPerSecond } = options.openTargets;
  requirePositive('openTargets.maxPageBytes', maxPageBytes);
  requirePositive('openTargets.perHostConcurrency', perHostConcurrency);
  requirePositive('openTargets.perHostRequestsPerSecond', perHostRequestsPerSecond);
  if (options.userAgents.length === 0) throw new RangeError('fetcher option userAgents must not be empty');
  for (const [country, proxies] of Object.entries(options.proxiesByCountry)) {
    for (const proxy of proxies) {
      const protocol = new URL(proxy).protocol;
      if (protocol !== 'http:' && protocol !== 'https:') {
        throw new RangeError(`proxy for ${country} must be an http(s) URL`);
      }
    }
  }
  return options;
}
