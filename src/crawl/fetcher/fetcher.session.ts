/**
 * Crawl sessions and egress. A pair (source, country) crawls through one session at a time: a cookie
 * jar, a user agent and a proxy of the country's list. A block page rotates the session: fresh
 * cookies, the next user agent and the next proxy. Dispatchers (connection pools) are shared by all
 * sessions and created once per egress route.
 */
import type Undici from 'undici';
import type { Dispatcher } from 'undici';
import type { LookupFunction } from 'node:net';
import { loadUndici } from '../../platform/lib/undici.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import { pairKey } from './politeness.ts';

/** Cookies of one session, by host name (enough for marketplace session and consent cookies). */
export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  /** Applies `Set-Cookie` headers of a response from `url`. */
  store(url: URL, setCookie: string | string[] | undefined): void {
    if (setCookie === undefined) return;
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const cookies = this.byHost.get(url.hostname) ?? new Map<string, string>();
      this.byHost.set(url.hostname, cookies);
      if (isExpiry(attributes)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** The `Cookie` header value for a request to `url`, or undefined when there is none. */
  header(url: URL): string | undefined {
    const cookies = this.byHost.get(url.hostname);
    if (!cookies || cookies.size === 0) return undefined;
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function isExpiry(attributes: readonly string[]): boolean {
  return attributes.some((attribute) => {
    const [rawName = '', rawValue = ''] = attribute.split('=', 2);
    const name = rawName.trim().toLowerCase();
    if (name === 'max-age') return Number(rawValue.trim()) <= 0;
    if (name === 'expires') return Date.parse(rawValue.trim()) <= Date.now();
    return false;
  });
}

/** The identity and egress route requests of a pair currently use. */
export interface Session {
  readonly id: number;
  readonly cookies: CookieJar;
  readonly userAgent: string;
  /** Proxy URL, or undefined for direct egress. */
  readonly proxyUrl: string | undefined;
  /**
   * Country the requests leave from (provenance `geo`): the country the proxy is configured for, or
   * `localEgressCountry` when direct; `null` when direct and no local country is configured, since
   * provenance is never guessed.
   */
  readonly geo: string | null;
}

interface PairSessions {
  current: Session;
  rotations: number;
}

/** Proxy list of a country; `uk` and `gb` find each other's list (spec rule 1). */
function proxiesFor(
  options: FetcherOptions,
  country: string,
): { proxies: readonly string[]; country: string } {
  const lower = country.toLowerCase();
  const alias = lower === 'gb' ? 'uk' : lower === 'uk' ? 'gb' : undefined;
  for (const candidate of alias ? [lower, alias] : [lower]) {
    const proxies = options.proxiesByCountry[candidate];
    if (proxies && proxies.length > 0) return { proxies, country: candidate };
  }
  return { proxies: [], country: lower };
}

/** Sessions of every pair, plus the connection pools behind them. */
export class SessionManager {
  private readonly pairs = new Map<string, PairSessions>();
  private readonly dispatchers = new Map<string, Dispatcher>();
  private nextSessionId = 1;

  constructor(private readonly options: FetcherOptions) {}

  /** The session a request of (source, country) uses now. */
  current(source: string, country: string): Session {
    const key = pairKey(source, country);
    let entry = this.pairs.get(key);
    if (!entry) {
      entry = { current: this.create(country, 0), rotations: 0 };
      this.pairs.set(key, entry);
    }
    return entry.current;
  }

  /**
   * Replaces the pair's session after `blocked` was answered a block page. Concurrent requests of
   * the same blocked session rotate only once, so a burst of block pages does not skip proxies.
   */
  rotate(source: string, country: string, blocked: Session): Session {
    const entry = this.pairs.get(pairKey(source, country));
    if (!entry) return this.current(source, country);
    if (entry.current.id === blocked.id) {
      entry.rotations += 1;
      entry.current = this.create(country, entry.rotations);
    }
    return entry.current;
  }

  /**
   * The shared, kept-alive connection pool for a session's egress route. undici loads with the
   * first one, not at start (docs/performance.md, "Start time"). With `lookup` (chosen targets),
   * a pool of their own whose every connection, to the target or to the proxy, resolves through it.
   */
  async dispatcher(session: Session, lookup?: LookupFunction): Promise<Dispatcher> {
    const undici = await loadUndici();
    const key = `${lookup === undefined ? '' : 'guarded:'}${session.proxyUrl ?? 'direct'}`;
    let dispatcher = this.dispatchers.get(key);
    if (!dispatcher) {
      dispatcher = this.createDispatcher(undici, session.proxyUrl, lookup);
      this.dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }

  /** Closes every connection pool at once (in-flight requests fail). */
  async destroy(): Promise<void> {
    const dispatchers = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.destroy()));
  }

  private create(country: string, rotation: number): Session {
    const { proxies, country: proxyCountry } = proxiesFor(this.options, country);
    const { userAgents, localEgressCountry } = this.options;
    const proxyUrl = proxies.length > 0 ? proxies[rotation % proxies.length] : undefined;
    return {
      id: this.nextSessionId++,
      cookies: new CookieJar(),
      userAgent: userAgents[rotation % userAgents.length] ?? userAgents[0] ?? 'pricecrawl',
      proxyUrl,
      geo: proxyUrl !== undefined ? proxyCountry : (localEgressCountry ?? null),
    };
  }

  private createDispatcher(
    { Agent, ProxyAgent }: typeof Undici,
    proxyUrl: string | undefined,
    lookup: LookupFunction | undefined,
  ): Dispatcher {
    const { connectionsPerOrigin, keepAliveTimeoutMs, connectTimeoutMs } = this.options;
    const pool = { connections: connectionsPerOrigin, keepAliveTimeout: keepAliveTimeoutMs };
    const connect = { timeout: connectTimeoutMs, ...(lookup === undefined ? {} : { lookup }) };
    if (proxyUrl === undefined) return new Agent({ ...pool, connect });
    // Through a proxy the proxy resolves the target: the lookup checks the proxy's own address.
    return new ProxyAgent({
      ...pool,
      uri: proxyUrl,
      proxyTunnel: this.options.proxyTunnelForHttp,
      proxyTls: connect,
      requestTls: { timeout: connectTimeoutMs },
    });
  }
}
