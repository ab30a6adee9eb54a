/**
 * robots.txt of the hosts chosen targets live on (decisions G35): fetched once per origin, kept for
 * a TTL, and read for the service's product token. Parsing is `robots-parser` (RFC 9309 groups,
 * longest-match precedence, wildcards), a small dependency-free library, rather than rules of our
 * own (docs/monitor.md says why). RFC 9309's rules for a missing file: any 4xx allows everything;
 * a server error or an unreachable host disallows everything, kept only briefly so a host that
 * recovers is crawled again soon.
 */
import parseRobots from 'robots-parser';

/** The part of `robots-parser`'s answer this module reads. */
interface ParsedRobots {
  isDisallowed(url: string, agent?: string): boolean | undefined;
}

// The package is CommonJS exporting the parser itself; its typings describe an ES default export,
// which NodeNext resolution reads as the module object.
const robotsParser = parseRobots as unknown as (url: string, body: string) => ParsedRobots;

/** What robots.txt of one origin says. */
export type RobotsRules =
  | { kind: 'allow_all' }
  | { kind: 'disallow_all'; why: string }
  /** robots.txt itself was refused (its address is not public): the page is refused for that reason. */
  | { kind: 'refused'; why: string }
  | { kind: 'parsed'; robot: ParsedRobots };

/** How long a `disallow_all` that came from a failure (not from the file) is kept. */
const FAILURE_TTL_MS = 60_000;

/** Rules of an origin from its robots.txt answer (status and body). */
export function rulesOf(robotsUrl: URL, status: number, body: string): RobotsRules {
  if (status >= 200 && status < 300) return { kind: 'parsed', robot: robotsParser(robotsUrl.href, body) };
  if (status >= 400 && status < 500) return { kind: 'allow_all' };
  return { kind: 'disallow_all', why: `${robotsUrl.href} answered HTTP ${status}` };
}

/** Why robots.txt forbids `url` to `agent`, or `undefined` when it may be fetched. */
export function robotsRefusal(rules: RobotsRules, url: URL, agent: string): string | undefined {
  if (rules.kind === 'allow_all') return undefined;
  if (rules.kind === 'refused') return rules.why;
  if (rules.kind === 'disallow_all') {
    return `${url.href} was not fetched: robots.txt of ${url.host} could not be read (${rules.why})`;
  }
  return rules.robot.isDisallowed(url.href, agent) === true
    ? `${url.href} was not fetched: robots.txt of ${url.host} disallows it for ${agent}`
    : undefined;
}

/** The rules of every origin seen, each loaded once at a time and kept for `ttlMs`. */
export class RobotsCache {
  private readonly entries = new Map<string, { expiresAtMs: number; rules: Promise<RobotsRules> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxOrigins = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The rules of `url`'s origin: cached, or loaded by `load` (given the robots.txt URL), which
   * concurrent callers of the same origin share. A load that throws counts as `disallow_all`.
   */
  rulesFor(url: URL, load: (robotsUrl: URL) => Promise<RobotsRules>): Promise<RobotsRules> {
    const origin = url.origin;
    const cached = this.entries.get(origin);
    if (cached && cached.expiresAtMs > this.now()) return cached.rules;
    if (this.entries.size >= this.maxOrigins) this.entries.clear();
    const robotsUrl = new URL('/robots.txt', origin);
    const entry = {
      expiresAtMs: this.now() + this.ttlMs,
      rules: Promise.resolve<RobotsRules>({ kind: 'allow_all' }),
    };
    entry.rules = load(robotsUrl).then(
      (rules) => {
        if (rules.kind === 'disallow_all')
          entry.expiresAtMs = this.now() + Math.min(this.ttlMs, FAILURE_TTL_MS);
        return rules;
      },
      (error: unknown) => {
        entry.expiresAtMs = this.now() + Math.min(this.ttlMs, FAILURE_TTL_MS);
        const why = error instanceof Error ? error.message : String(error);
        return { kind: 'disallow_all', why };
      },
    );
    this.entries.set(origin, entry);
    return entry.rules;
  }
}
