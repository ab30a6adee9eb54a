import { ownValue } from '../../platform/lib/lookup.ts';
import { sourceModules } from './sources.registry.ts';
import type { SourceId } from '../vocabulary/sources.types.ts';

/**
 * The storefront that serves a request country: `uk` and `gb` are one marketplace (spec part 1
 * rule 1), and a source may serve a country from another's storefront (its `servedFrom`, rule 2).
 */
export function storefrontOf(source: SourceId, country: string): string {
  if (country === 'gb') return 'uk';
  return ownValue(sourceModules[source].spec.servedFrom, country) ?? country;
}

/**
 * Base URL of a source for a country. Operators set `SOURCE_BASE_URLS` entries keyed
 * `source_NN.cc` (one country) or `source_NN` (every country, `{storefront}` and `{country}`
 * replaced); the default is the bundled sandbox marketplace.
 */
export function resolveBaseUrl(
  overrides: Readonly<Record<string, string>>,
  sandboxOrigin: string,
  source: SourceId,
  country: string,
): string {
  const storefront = storefrontOf(source, country);
  const template =
    overrides[`${source}.${country}`] ??
    overrides[`${source}.${storefront}`] ??
    overrides[source] ??
    `${sandboxOrigin}/${source}/{storefront}`;
  return template.replaceAll('{storefront}', storefront).replaceAll('{country}', country).replace(/\/+$/, '');
}
