/**
 * The crawl's host guard (issue 8 part 2, defect 13): a value's crawl fetches only the hosts of its
 * source's configured base URL, so a hostile page cannot steer the crawler, by a redirect or an
 * absolute link, into the service's own network. The configured host itself is always allowed
 * (the bundled sandbox runs on 127.0.0.1); any other host is refused before a request is made.
 */
import { classifyAddress, parseIp } from '../../platform/lib/ip-address.ts';

/** Answers why a URL may not be fetched, or `undefined` when it may. */
export type HostGuard = (url: URL) => string | undefined;

function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

/**
 * A guard allowing exactly the origins (scheme, name and port, as `URL` normalises them) of `baseUrls`.
 * A refused IP literal is named with its range (loopback, private, metadata…) from the same
 * classification the webhook sender uses, so logs show what the page tried to reach.
 */
export function hostGuardFor(baseUrls: readonly string[]): HostGuard {
  const allowed = new Set(baseUrls.map(originOf).filter((origin): origin is string => origin !== undefined));
  return (url) => {
    // The scheme counts too: an https base URL never lets a redirect downgrade the crawl to http.
    if (allowed.has(`${url.protocol}//${url.host}`)) return undefined;
    const range = parseIp(url.hostname) ? classifyAddress(url.hostname) : undefined;
    const kind = range === undefined ? '' : ` (${range} address)`;
    return `${url.protocol}//${url.host}${kind} is not a host of the source's configured base URL`;
  };
}
