/**
 * The address rules of every connection the service opens on someone else's behalf (decisions G28
 * for webhooks, G35 for the `web` source's crawl targets): resolve the host, refuse internal
 * addresses (`ip-address.ts` names the ranges) unless an operator allow-list lists them, and check
 * again at connect time against the address the socket actually dials, which defeats DNS
 * rebinding between a first check and the connection.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isPlainLoopback, parseIp, type AllowList } from './ip-address.ts';

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The operating system's resolver (what `net.connect` would use). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** What decides whether a host may be reached. */
export interface AddressPolicy {
  allowList: AllowList;
  resolve: Resolver;
  /** Plain loopback addresses are accepted (webhooks' local receivers, G28); never for crawl targets. */
  allowLoopback: boolean;
}

/** The URL host without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Why these addresses of `hostname` are refused (`10.0.0.1 is private`), or `undefined` when all may be reached. */
export function addressRefusal(
  policy: AddressPolicy,
  hostname: string,
  addresses: readonly string[],
): string | undefined {
  if (policy.allowList.allowsHost(hostname)) return undefined;
  for (const address of addresses) {
    const range = classifyAddress(address);
    if (range === undefined || policy.allowList.allowsAddress(address)) continue;
    if (policy.allowLoopback && isPlainLoopback(address)) continue;
    return `${address} is ${range}`;
  }
  return undefined;
}

/** For a URL whose host is an IP literal (never looked up): why it is refused, if it is. */
export function literalAddressRefusal(policy: AddressPolicy, url: URL): string | undefined {
  const hostname = bareHostname(url);
  return parseIp(hostname) ? addressRefusal(policy, hostname, [hostname]) : undefined;
}

/**
 * A `net.connect` lookup that resolves through the policy and refuses forbidden addresses with the
 * error `refused` makes of the reason (`example.test resolves to 10.0.0.1 is private`), so the
 * check applies to the very address the socket dials. IP literals never reach a lookup: callers
 * check those with `literalAddressRefusal` before connecting.
 */
export function guardedLookupWith(policy: AddressPolicy, refused: (reason: string) => Error): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    policy.resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = addresses.filter((entry) => wanted === undefined || entry.family === wanted);
        const refusal = addressRefusal(
          policy,
          hostname,
          addresses.map((entry) => entry.address),
        );
        const first = usable[0];
        if (refusal !== undefined) callback(refused(`${hostname} resolves to ${refusal}`), '');
        else if (!first) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        } else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
