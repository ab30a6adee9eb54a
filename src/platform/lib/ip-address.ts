/**
 * IP address classification shared by every outbound guard: callback_url safety (decisions G28)
 * and the crawl's host guard (docs/crawl-engine.md). Addresses are parsed by `ipaddr.js` (the
 * parser Fastify's proxy-addr uses) after `node:net`'s strict check, and every textual form
 * (IPv4-mapped, IPv4-translated, IPv4-compatible, NAT64, 6to4, compressed, zone ids) is judged by
 * what it actually reaches, not by how it is written. The range tables are ours: they say why an
 * address is refused, which ipaddr.js's own `range()` names do not map onto one to one.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address is internal (not to be reached for a customer); `undefined` from `classifyAddress` means public. */
export type BlockedRange =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'multicast' | 'metadata' | 'reserved';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

/** Parses an address with ipaddr.js once `node:net` accepts it (no `127.1` or `0x7f.0.0.1` forms). */
function parseAddress(text: string): Address | undefined {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  return isIP(bare) === 0 ? undefined : ipaddr.parse(bare);
}

/** Parses an IPv4 or IPv6 literal (zone id and brackets allowed) to 4 or 16 bytes. */
export function parseIp(text: string): number[] | undefined {
  return parseAddress(text)?.toByteArray();
}

const addressOf = (bytes: readonly number[]): Address => ipaddr.fromByteArray([...bytes]);

/** True when `address` lies inside `range` (false across families). */
function inRange(address: Address, [base, prefix]: Cidr): boolean {
  return address.kind() === base.kind() && address.match(base, prefix);
}

const cidr = (text: string): Cidr => ipaddr.parseCIDR(text);
const LOOPBACK_V4 = cidr('127.0.0.0/8');

// Order matters: the first matching range names the reason (metadata before link-local).
const IPV4_RANGES: Array<[string, BlockedRange]> = [
  ['169.254.169.254/32', 'metadata'],
  ['100.100.100.200/32', 'metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['169.254.0.0/16', 'link-local'],
  ['100.64.0.0/10', 'cgnat'],
  ['224.0.0.0/4', 'multicast'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['240.0.0.0/4', 'reserved'],
];
const IPV6_RANGES: Array<[string, BlockedRange]> = [
  ['fd00:ec2::254/128', 'metadata'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'],
  ['fc00::/7', 'private'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'reserved'],
  ['100::/64', 'reserved'],
  // Teredo tunnels to an obfuscated IPv4 client behind NAT: whatever it reaches, it is no receiver.
  ['2001::/32', 'reserved'],
];
const V4 = IPV4_RANGES.map(([range, reason]) => ({ range: cidr(range), reason }));
const V6 = IPV6_RANGES.map(([range, reason]) => ({ range: cidr(range), reason }));

/** Prefixes of IPv6 forms that carry an IPv4 address, and where its 4 bytes sit. */
const EMBEDDED_V4: Array<{ range: Cidr; offset: number }> = [
  { range: cidr('::ffff:0:0/96'), offset: 12 }, // IPv4-mapped
  { range: cidr('::ffff:0:0:0/96'), offset: 12 }, // IPv4-translated (RFC 2765, SIIT)
  { range: cidr('::/96'), offset: 12 }, // IPv4-compatible (deprecated)
  { range: cidr('64:ff9b::/96'), offset: 12 }, // NAT64 well-known prefix
  { range: cidr('64:ff9b:1::/48'), offset: 12 }, // NAT64 local-use prefix
  { range: cidr('2002::/16'), offset: 2 }, // 6to4
];

/** The IPv4 address an IPv6 address stands for, when it is one of the embedding forms. */
export function embeddedIpv4(bytes: readonly number[]): number[] | undefined {
  if (bytes.length !== 16) return undefined;
  const address = addressOf(bytes);
  const form = EMBEDDED_V4.find((entry) => inRange(address, entry.range));
  return form ? bytes.slice(form.offset, form.offset + 4) : undefined;
}

/** The blocked range an address falls in, or `undefined` for a public address. */
export function classifyAddress(address: string): BlockedRange | undefined {
  const parsed = parseAddress(address);
  if (!parsed) return 'reserved';
  if (parsed.kind() === 'ipv6') {
    const exact = V6.find((entry) => inRange(parsed, entry.range));
    if (exact) return exact.reason;
    const v4 = embeddedIpv4(parsed.toByteArray());
    return v4 ? V4.find((entry) => inRange(addressOf(v4), entry.range))?.reason : undefined;
  }
  return V4.find((entry) => inRange(parsed, entry.range))?.reason;
}

/**
 * True for a plain loopback address: 127.0.0.0/8 or `::1`, never an IPv6 form that embeds one
 * (decisions G28 lets only these reach a local receiver).
 */
export function isPlainLoopback(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.kind() === 'ipv4'
    ? inRange(parsed, LOOPBACK_V4)
    : parsed.toNormalizedString() === '0:0:0:0:0:0:0:1';
}

/** True when a listening `HOST` only accepts local connections: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackHost(host: string): boolean {
  return host.trim().toLowerCase() === 'localhost' || isPlainLoopback(host.trim());
}

/** An operator allow-list entry: a host name, an IP address, or a CIDR range (`CALLBACK_ALLOW_HOSTS`). */
export interface AllowList {
  /** True when the URL host itself is listed (any address it resolves to is then accepted). */
  allowsHost(hostname: string): boolean;
  /** True when a resolved address is listed or inside a listed range. */
  allowsAddress(address: string): boolean;
}

/** Builds the allow-list from `CALLBACK_ALLOW_HOSTS` entries. */
export function createAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const ranges: Cidr[] = [];
  for (const entry of entries.map((item) => item.trim().toLowerCase()).filter(Boolean)) {
    const [text = '', prefix] = entry.split('/');
    const address = parseAddress(text);
    if (address)
      ranges.push([address, prefix === undefined ? address.toByteArray().length * 8 : Number(prefix)]);
    else hosts.add(entry);
  }
  return {
    allowsHost: (hostname) => hosts.has(hostname.replace(/^\[|\]$/g, '').toLowerCase()),
    allowsAddress(text) {
      const address = parseAddress(text);
      if (!address) return false;
      const v4 = embeddedIpv4(address.toByteArray());
      const embedded = v4 === undefined ? undefined : addressOf(v4);
      return ranges.some(
        (range) => inRange(address, range) || (embedded !== undefined && inRange(embedded, range)),
      );
    },
  };
}
