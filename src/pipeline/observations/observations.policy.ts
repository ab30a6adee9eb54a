import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import type { ValueKey } from '../../crawl/vocabulary/sources.types.ts';
import type { Job } from '../work/work.table.ts';

/** What a job may take from stored observations instead of crawling (docs/cache.md). */
export interface ReusePolicy {
  /** False for actions (`remove_conversions`): they always run, each on its own. */
  cacheable: boolean;
  /**
   * Window of the observation cache in seconds, or null when the job may not reuse: the account is
   * not eligible (`cache_reuse`), or `max_age` is 0. Also decides whether the job may wait for a
   * crawl of the same value already under way (single-flight), which is reuse too.
   */
  maxAgeSeconds: number | null;
  /**
   * Window of the not-found cache in days, or null: only `gtin`, `pzn` and `product` lookups
   * (the catalogue's `notFoundCachedKeys`). A cached not-found is a completed lookup and free for
   * every account, eligible or not; `max_age: 0` still forces a fresh crawl.
   */
  notFoundMaxAgeDays: number | null;
}

/** The reuse policy of a job for an account whose `cache_reuse` is `cacheReuse`. */
export function reusePolicyOf(
  job: Pick<Job, 'source' | 'key' | 'topic' | 'max_age' | 'not_found_max_age'>,
  cacheReuse: boolean,
  catalogue: SourceCatalogue,
): ReusePolicy {
  if (job.topic === 'remove_conversions') {
    return { cacheable: false, maxAgeSeconds: null, notFoundMaxAgeDays: null };
  }
  if (job.max_age <= 0) return { cacheable: true, maxAgeSeconds: null, notFoundMaxAgeDays: null };
  const notFoundKeys = catalogue.get(job.source)?.notFoundCachedKeys ?? [];
  return {
    cacheable: true,
    maxAgeSeconds: cacheReuse ? job.max_age : null,
    notFoundMaxAgeDays: notFoundKeys.includes(job.key as ValueKey) ? job.not_found_max_age : null,
  };
}
