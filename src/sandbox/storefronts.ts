/**
 * Which storefront of a site serves a submitted country. The service builds its base URLs with the
 * same mapping (`storefrontOf` in `src/crawl/sources/sources.urls.ts`, from the source's `servedFrom`).
 */
import type { SourceId } from '../crawl/vocabulary/sources.types.ts';
import type { SandboxSite } from './sandbox.types.ts';
import { SANDBOX_SITES } from './sites/index.ts';

/** The site registered for a source, if any. */
export function siteFor(source: string): SandboxSite | undefined {
  return SANDBOX_SITES.find((site) => site.source === source);
}

/**
 * The storefront path segment of (source, country): lowercase country, `gb` → `uk`, plus the site's
 * own mappings (source_02 serves `at` and `ch` from `de`). Undefined when the site does not serve it.
 */
export function storefrontFor(source: SourceId, country: string): string | undefined {
  const site = siteFor(source);
  const lower = country.toLowerCase();
  const mapped = site?.countryStorefronts?.[lower] ?? (lower === 'gb' ? 'uk' : lower);
  if (!site) return mapped;
  return site.storefronts.includes(mapped) ? mapped : undefined;
}

/** Every country a site answers for: its storefronts plus mapped countries (and `gb` when it has `uk`). */
export function countriesOf(site: SandboxSite): string[] {
  const countries = new Set<string>(site.storefronts);
  if (site.storefronts.includes('uk')) countries.add('gb');
  for (const country of Object.keys(site.countryStorefronts ?? {})) countries.add(country);
  return [...countries].sort();
}
