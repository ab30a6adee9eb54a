/**
 * callback_url safety (decisions G28): only http(s), and never a host that resolves to an address
 * the service must not reach on a customer's behalf (loopback, private, link-local, CGNAT,
 * multicast, unspecified, cloud metadata), unless the operator allow-lists it. While the API listens
 * on a loopback `HOST` only, a local receiver (127.0.0.0/8, `::1`, `localhost`) is accepted too: the
 * service is then reachable from this machine alone, so the receiver is its user's. Checked at
 * submission and again at connect time against the address actually dialled, which defeats DNS
 * rebinding between the two.
 */
import type { LookupFunction } from 'node:net';
import type { Config } from '../../config.ts';
import { AppError, invalid } from '../../platform/errors/app-error.ts';
import {
  addressRefusal,
  bareHostname,
  guardedLookupWith,
  literalAddressRefusal,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from '../../platform/lib/address-policy.ts';
import { createAllowList, isLoopbackHost, parseIp } from '../../platform/lib/ip-address.ts';

export { bareHostname, systemResolver, type Resolver };

/** What decides whether a callback host may be reached (the shared address rules, G28). */
export type CallbackPolicy = AddressPolicy;

/**
 * The policy of this process: allow-list from `CALLBACK_ALLOW_HOSTS`, system DNS unless given,
 * loopback receivers only when `allowLoopback` (see `localReceiversAllowed`).
 */
export function createCallbackPolicy(
  allowHosts: readonly string[],
  resolve: Resolver = systemResolver,
  options: { allowLoopback?: boolean } = {},
): CallbackPolicy {
  return { allowList: createAllowList(allowHosts), resolve, allowLoopback: options.allowLoopback ?? false };
}

/**
 * decisions G28: local receivers are accepted only by a process that both takes submissions and
 * sends their deliveries (`ROLE=all`) while listening on a loopback `HOST` with no proxy in front
 * (`TRUST_PROXY` unset): only this machine can submit then. A worker's `HOST` says nothing about
 * who submits, and a trusted proxy means the API is reachable from elsewhere.
 */
export function localReceiversAllowed(config: Pick<Config, 'host' | 'role' | 'trustProxy'>): boolean {
  return config.role === 'all' && config.trustProxy === false && isLoopbackHost(config.host);
}

/** Raised at connect time when the resolved address is refused; never retried into success by luck. */
export class CallbackRefusedError extends Error {
  override readonly name = 'CallbackRefusedError';
}

/** Parses a callback URL: absolute, http or https, no embedded credentials. */
export function parseCallbackUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('callback_url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('callback_url must be an absolute http or https URL');
  }
  // Credentials in a URL end up in logs and delivery records; receivers authenticate by signature.
  if (url.username !== '' || url.password !== '') throw invalid('callback_url must not contain credentials');
  return url;
}

/** Why these addresses of `hostname` are refused, or `undefined` when all may be reached. */
export function refusalOf(policy: CallbackPolicy, hostname: string, addresses: readonly string[]) {
  return addressRefusal(policy, hostname, addresses);
}

/** For a URL whose host is an IP literal (never looked up): why it is refused, if it is. */
export function literalRefusal(policy: CallbackPolicy, url: URL): string | undefined {
  return literalAddressRefusal(policy, url);
}

/** The submission check: throws `callback_url not allowed` (or a message naming the URL problem). */
export async function assertCallbackAllowed(policy: CallbackPolicy, raw: string): Promise<URL> {
  const url = parseCallbackUrl(raw);
  const hostname = bareHostname(url);
  if (policy.allowList.allowsHost(hostname)) return url;
  let addresses: string[];
  if (parseIp(hostname)) addresses = [hostname];
  else {
    try {
      addresses = (await policy.resolve(hostname)).map((entry) => entry.address);
    } catch {
      throw invalid(`callback_url host ${hostname} cannot be resolved`);
    }
  }
  if (addresses.length === 0 || refusalOf(policy, hostname, addresses) !== undefined) {
    throw new AppError('callback_not_allowed');
  }
  return url;
}

/**
 * A `net.connect` lookup that resolves through the policy and refuses forbidden addresses, so the
 * check applies to the very address the socket dials (IP literals never reach a lookup: the
 * sender checks those itself before connecting).
 */
export function guardedLookup(policy: CallbackPolicy): LookupFunction {
  return guardedLookupWith(
    policy,
    (reason) => new CallbackRefusedError(`callback_url not allowed: ${reason}`),
  );
}
