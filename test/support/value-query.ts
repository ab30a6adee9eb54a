/** Test helper of trust and other pure modules: value queries with the job defaults filled in. */
import type { ValueQuery } from '../../src/crawl/vocabulary/crawl.types.ts';

/** A query for `value` with the job defaults (spec 2.1); `overrides` changes any field. */
export function queryFor(
  source: ValueQuery['source'],
  key: ValueQuery['key'],
  value: string,
  overrides: Partial<ValueQuery> = {},
): ValueQuery {
  return {
    source,
    country: 'de',
    key,
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
    ...overrides,
  };
}
