/**
 * Crawl targets the service's users choose (the `web` source, decisions G35), as opposed to the
 * configured base URL of a fixed source: every connection and redirect hop follows G28's address
 * rules (public addresses only, unless `CRAWL_ALLOW_HOSTS` lists them; never G28's local-receiver
 * exception), politeness applies per target host, robots.txt is honoured, requests name the
 * service in their `User-Agent`, and a body over the page limit is refused. See docs/monitor.md.
 */
import type { LookupFunction } from 'node:net';
import {
  guardedLookupWith,
  literalAddressRefusal,
  systemResolver,
  type AddressPolicy,
} from '../../platform/lib/address-policy.ts';
import { createAllowList } from '../../platform/lib/ip-address.ts';
import type { FetchFailure } from './fetcher.failures.ts';
import { TargetRefusedError } from './fetcher.failures.ts';

export interface OpenTargetOptions {
  /** The address rules; `allowLoopback` is ignored (crawl targets never get G28's exception). */
  policy: AddressPolicy;
  /** Sent on every request to a chosen target, and the agent robots.txt is read for. */
  userAgent: string;
  /** The robots.txt product token (`pricecrawl`) the groups of robots.txt are matched against. */
  robotsAgent: string;
  /** Largest page accepted (`WEB_MAX_PAGE_BYTES`); a larger one is refused, not retried. */
  maxPageBytes: number;
  /** How long a host's robots.txt is kept before it is fetched again. */
  robotsTtlMs: number;
  /** Requests in flight at once per target host (a `CRAWL_LIMITS` entry for the source overrides). */
  perHostConcurrency: number;
  /** Steady request rate per target host (a `CRAWL_LIMITS` entry for the source overrides). */
  perHostRequestsPerSecond: number;
}

/** The service's product token in `User-Agent` and robots.txt. */
export const ROBOTS_AGENT = 'pricecrawl';

/** `Pricecrawl/1.0 (+contact URL)`: who is crawling, and where a site owner finds out more. */
export function serviceUserAgent(contactUrl: string | undefined): string {
  return contactUrl === undefined
    ? 'Pricecrawl/1.0 (price monitoring crawler)'
    : `Pricecrawl/1.0 (price monitoring crawler; +${contactUrl})`;
}

export const DEFAULT_OPEN_TARGETS: Readonly<OpenTargetOptions> = {
  policy: { allowList: createAllowList([]), resolve: systemResolver, allowLoopback: false },
  userAgent: serviceUserAgent(undefined),
  robotsAgent: ROBOTS_AGENT,
  maxPageBytes: 5 * 1024 * 1024,
  robotsTtlMs: 3_600_000,
  perHostConcurrency: 2,
  perHostRequestsPerSecond: 1,
};

/** The policy as crawl targets use it: the local-receiver exception never applies. */
function strict(policy: AddressPolicy): AddressPolicy {
  return policy.allowLoopback ? { ...policy, allowLoopback: false } : policy;
}

/** The politeness scope of a target: its host (name and port), never its country. */
export function hostScope(url: URL): string {
  return `host:${url.host}`;
}

/**
 * Why a chosen target (or the proxy it goes through) may not be reached before connecting: an IP
 * literal in a refused range. Names are checked when the connection resolves them (`targetLookup`).
 * Through an operator's egress proxy the proxy resolves and connects, so G35 has the service check
 * the proxy and not the target: what the proxy may reach is the operator's choice.
 */
export function openTargetRefusal(
  options: OpenTargetOptions,
  url: URL,
  proxyUrl: string | undefined,
): string | undefined {
  const policy = strict(options.policy);
  if (proxyUrl === undefined) {
    const target = literalAddressRefusal(policy, url);
    return target === undefined ? undefined : `${url.host}: ${target}`;
  }
  const proxy = new URL(proxyUrl);
  const refusal = literalAddressRefusal(policy, proxy);
  return refusal === undefined ? undefined : `egress proxy ${proxy.host}: ${refusal}`;
}

/** The connect-time lookup of chosen targets and their proxies: refuses what the rules forbid. */
export function targetLookup(options: OpenTargetOptions): LookupFunction {
  return guardedLookupWith(strict(options.policy), (reason) => new TargetRefusedError(reason));
}

/**
 * The user's sentence for a failure of a chosen target that no retry changes and no page was
 * read for (G37 `reason_detail`); `undefined` for every other failure.
 */
export function refusalDetail(failure: FetchFailure, url: URL, maxPageBytes: number): string | undefined {
  if (failure.kind === 'forbidden_host') {
    return `${url.href} was not fetched: its address is not public (${failure.message})`;
  }
  if (failure.kind === 'too_large') {
    return `${url.href} is larger than the page limit of ${maxPageBytes} bytes (WEB_MAX_PAGE_BYTES)`;
  }
  if (failure.kind === 'bad_redirect') return `${url.href} was not fetched: ${failure.message}`;
  return undefined;
}
