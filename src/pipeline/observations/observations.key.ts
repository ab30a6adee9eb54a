import { createHash } from 'node:crypto';
import type { ValueQuery } from '../../crawl/vocabulary/crawl.types.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';

/**
 * The cache key of an observation: everything that changes a result's content, and nothing else
 * (docs/cache.md).
 *
 * | part | why |
 * |---|---|
 * | source | another site |
 * | marketplace | the country, with `uk` and `gb` as one marketplace (spec part 1 rule 1) |
 * | key, value | what was asked (a key's canonical form where the source has one: `web`'s canonical URL) |
 * | topic | `search`, `search_and_offers` and `convert` return different content |
 * | max_pages | more result pages, more content; only where it applies (the source's `usesMaxPages`), else 1 |
 * | sort_by | orders `content.offers` and their `position` (decisions G3) |
 * | fetch_seller_names | resolves more seller names; only where it applies (`usesSellerNames`, decisions G24), else off |
 *
 * `include_meta`, `timeout`, `callback_url` and the other delivery fields do not change content.
 * The value key (source, marketplace, key, value) groups every observation of a value: the
 * not-found cache and the price history read by it. Both are SHA-256 hex digests, so an index
 * entry stays small whatever the value's length.
 */
export interface ObservationKeys {
  cacheKey: string;
  valueKey: string;
  /** The cache key's parts, readable (the digest's input). */
  described: string;
}

/** The marketplace a country code names: `gb` and `uk` are one. */
export function marketplaceOf(country: string): string {
  return country === 'gb' ? 'uk' : country;
}

function digest(parts: readonly (string | number)[]): string {
  // The value comes last and the other parts never contain `|`, so the joined text is unambiguous.
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/** The value key of (source, country, key, value), as the history endpoint asks for it. */
export function valueKeyOf(source: string, country: string, key: string, value: string): string {
  return digest([source, marketplaceOf(country), key, value]);
}

/** The keys of a query (see the table above). */
export function observationKeysOf(query: ValueQuery, catalogue: SourceCatalogue): ObservationKeys {
  const spec = catalogue.get(query.source);
  // Two spellings of one value are one value (decisions G35: the canonical URL of a `web` page).
  const value = spec?.keys[query.key]?.canonical?.(query.value) ?? query.value;
  const parts = [
    query.source,
    marketplaceOf(query.country),
    query.key,
    query.topic,
    `pages=${spec?.usesMaxPages ? query.maxPages : 1}`,
    `sort=${query.sortBy}`,
    `sellers=${spec?.usesSellerNames && query.fetchSellerNames ? 1 : 0}`,
    value,
  ];
  return {
    cacheKey: digest(parts),
    valueKey: valueKeyOf(query.source, query.country, query.key, value),
    described: parts.join('|'),
  };
}
