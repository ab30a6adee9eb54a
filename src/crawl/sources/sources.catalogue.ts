import { lookupTable, ownValue } from '../../platform/lib/lookup.ts';
import type { SourceSpec } from './sources.module.ts';
import { sourceModules } from './sources.registry.ts';
import { SORT_ORDERS, type SortBy } from '../vocabulary/sources.types.ts';

/**
 * The source catalogue, with operator-configured extra countries (decisions G1) merged in. Its rows'
 * tables (`keys`, `topicKeys`, `servedFrom`) are looked up by names from requests, so they are
 * copied without a prototype (`lib/lookup.ts`): `key=toString` is an unknown key, not a function.
 */
export class SourceCatalogue {
  private readonly byId: ReadonlyMap<string, SourceSpec>;

  constructor(extraCountries: Readonly<Record<string, readonly string[]>> = {}) {
    this.byId = new Map(
      Object.values(sourceModules).map(({ spec }) => {
        const extra = ownValue(extraCountries, spec.id) ?? [];
        const countries = [...new Set([...spec.countries, ...extra])];
        const tables = {
          keys: lookupTable(spec.keys),
          topicKeys: lookupTable(spec.topicKeys),
          servedFrom: lookupTable(spec.servedFrom),
        };
        return [spec.id, { ...spec, ...tables, countries }];
      }),
    );
  }

  get(source: string): SourceSpec | undefined {
    return this.byId.get(source);
  }

  all(): SourceSpec[] {
    return [...this.byId.values()];
  }
}

/**
 * The countries each source serves before `SOURCE_EXTRA_COUNTRIES`: what `loadConfig` checks the
 * `CRAWL_LIMITS` entries against (it adds the extra countries itself).
 */
export function builtInSourceCountries(): Record<string, readonly string[]> {
  return Object.fromEntries(Object.values(sourceModules).map(({ spec }) => [spec.id, spec.countries]));
}

/** The country codes that name the same marketplace (`uk` and `gb`, spec part 1 rule 1). */
export function sameMarketplaceCountries(country: string): string[] {
  return country === 'uk' || country === 'gb' ? ['uk', 'gb'] : [country];
}

export function isSortBy(value: string): value is SortBy {
  return (SORT_ORDERS as readonly string[]).includes(value);
}
