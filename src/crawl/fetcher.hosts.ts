/**
 * The crawl's host guard (issue 8 part 2, defect 13): a value's crawl fetches only the hosts of its
 * source's configured base URL, so a hostile page cannot steer the crawler, by a redirect or an
 * absolute link, into the service's own network. The configured host itself is always allowed
 * (the bundled sandbox runs on 127.0.0.1); any other host is refused before a request is made.
 */
import { classifyAddress, parseIp } from '../lib/ip-address.ts';

/** Answers why a URL may not be fetched, or `undefined` when it may. */
export type HostGuard = (url: URL) => string | undefined;

function hostOf(raw: string): string | undefined {
  try {
    return new URL(raw).host;
  } catch {
    return undefined;
  }
}

/**
 * A guard allowing exactly the hosts (name and port, as `URL.host` normalises them) of `baseUrls`.
 * A refused IP literal is named with its range (loopback, private, metadata…) from the same
 * classification the webhook sender uses, so logs show what the page tried to reach.
 */
export function hostGuardFor(baseUrls: readonly string[]): HostGuard {
  const allowed = new Set(baseUrls.map(hostOf).filter((host): host is string => host !== undefined));
  return (url) => {
    if (allowed.has(url.host)) return undefined;
    const range = parseIp(url.hostname) ? classifyAddress(url.hostname) : undefined;
    const kind = range === undefined ? '' : ` (${range} address)`;
    return `${url.host}${kind} is not a host of the source's configured base URL`;
  };
}
