/**
 * `CRAWL_LIMITS`: the crawl politeness of one source or one (source, country) pair where it differs
 * from `CRAWL_PAIR_CONCURRENCY` / `CRAWL_PAIR_RPS`. Parsed and checked here for `config.ts`, the only
 * reader of the environment. JSON, keyed like `SOURCE_BASE_URLS`:
 * `{"source_01": {"rps": 1000, "concurrency": 64}, "source_02.de": {"rps": 5}}`.
 */

/** The overrides of one entry; a field it leaves out comes from the less specific entry. */
export interface CrawlLimit {
  readonly concurrency?: number;
  readonly requestsPerSecond?: number;
}

/** Entries keyed as written: `source_NN` or `source_NN.cc` (lowercase country code). */
export type CrawlLimits = Readonly<Record<string, CrawlLimit>>;

/** The countries each source serves, keyed by source id (the source catalogue, from the caller). */
export type SourceCountries = Readonly<Record<string, readonly string[]>>;

// `web` (decisions G35) is limited per target host, so it takes no country.
const ENTRY_KEY = /^(source_\d{2}|web)(?:\.([a-z]{2}))?$/;
/** The bounds of `CRAWL_PAIR_CONCURRENCY`, so an entry can say what the global variable can. */
const MAX_CONCURRENCY = 1000;
const SETTINGS = 'rps, concurrency';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problemsOfEntry(key: string, value: unknown): { limit: CrawlLimit; problems: string[] } {
  const problems: string[] = [];
  const where = JSON.stringify(key);
  if (!ENTRY_KEY.test(key)) problems.push(`${where} is not "source_NN" or "source_NN.cc"`);
  else if (key.startsWith('web.')) {
    problems.push(`${where}: web is limited per target host, not per country: use "web"`);
  }
  if (!isPlainObject(value) || Object.keys(value).length === 0) {
    problems.push(`${where} must be an object with at least one of ${SETTINGS}`);
    return { limit: {}, problems };
  }
  const limit: { concurrency?: number; requestsPerSecond?: number } = {};
  for (const [name, setting] of Object.entries(value)) {
    const shown = JSON.stringify(setting);
    if (name === 'rps') {
      if (typeof setting === 'number' && Number.isFinite(setting) && setting > 0) {
        limit.requestsPerSecond = setting;
      } else problems.push(`${where} rps ${shown} must be a number above 0`);
    } else if (name === 'concurrency') {
      if (
        typeof setting === 'number' &&
        Number.isSafeInteger(setting) &&
        setting >= 1 &&
        setting <= MAX_CONCURRENCY
      ) {
        limit.concurrency = setting;
      } else problems.push(`${where} concurrency ${shown} must be an integer from 1 to ${MAX_CONCURRENCY}`);
    } else problems.push(`${where} has no setting ${JSON.stringify(name)} (settings: ${SETTINGS})`);
  }
  return { limit, problems };
}

/**
 * Reads the entries of the parsed JSON object; every bad key, setting and number is one problem,
 * all reported together.
 */
export function readCrawlLimits(parsed: Record<string, unknown>): {
  limits: CrawlLimits;
  problems: string[];
} {
  const problems: string[] = [];
  const entries = Object.entries(parsed).map(([key, value]) => {
    const entry = problemsOfEntry(key, value);
    problems.push(...entry.problems);
    return [key, entry.limit] as const;
  });
  // Keys come from the operator's JSON: `__proto__` is a (refused) key, never the table's prototype
  // (the same null-prototype table as lib/lookup.ts, which this bottom layer may not import).
  const limits = Object.assign(
    Object.create(null) as Record<string, CrawlLimit>,
    Object.fromEntries(entries),
  );
  return { limits, problems };
}

/** `uk` and `gb` name one marketplace (spec rule 1), so one politeness state and one entry. */
function marketplaceOf(country: string): string {
  return country === 'gb' ? 'uk' : country;
}

/**
 * Entries naming a source the catalogue lacks or a country the source does not serve (its own
 * countries and `SOURCE_EXTRA_COUNTRIES`), and `uk`/`gb` twins: a limit that would never apply, or
 * two that contradict each other, is a mistake to report at start rather than a silent no-op.
 */
export function checkCrawlLimitPairs(keys: readonly string[], countriesOf: SourceCountries): string[] {
  const problems: string[] = [];
  const sources = Object.keys(countriesOf).sort();
  const range = `${sources[0]} to ${sources.at(-1)}`;
  const seen = new Map<string, string>();
  for (const key of keys) {
    const [, source, country] = ENTRY_KEY.exec(key) ?? [];
    if (source === undefined) continue; // already reported by readCrawlLimits
    const countries = Object.hasOwn(countriesOf, source) ? countriesOf[source] : undefined;
    const where = JSON.stringify(key);
    if (countries === undefined) {
      problems.push(`${where}: ${source} is not a source (${range})`);
      continue;
    }
    if (country === undefined) continue;
    const served = countries.map(marketplaceOf);
    if (!served.includes(marketplaceOf(country))) {
      problems.push(`${where}: ${source} serves no country ${country} (it serves ${countries.join(', ')})`);
      continue;
    }
    const pair = `${source}.${marketplaceOf(country)}`;
    const twin = seen.get(pair);
    if (twin !== undefined)
      problems.push(`${JSON.stringify(twin)} and ${where} name one marketplace: keep one`);
    seen.set(pair, key);
  }
  return problems;
}
