import type { CrawlRecord, DriverOutcome, ValueQuery } from '../../crawl/vocabulary/crawl.types.ts';
import type { CrawlFailureReason } from '../../crawl/vocabulary/crawl.errors.ts';
import { assessResult, type AssessedResult, type TrustInput } from '../../crawl/trust/trust.ts';
import type { Job, ResultItem } from '../work/work.table.ts';
import type { SortBy, SourceId, Topic, ValueKey } from '../../crawl/vocabulary/sources.types.ts';
import { sourceModules } from '../../crawl/sources/sources.registry.ts';

/** The query one value of a job asks (the job's parameters and the value). */
export function valueQueryOf(job: Job, value: string): ValueQuery {
  return {
    source: job.source as SourceId,
    country: job.country,
    key: job.key as ValueKey,
    topic: job.topic as Topic,
    value,
    maxPages: job.max_pages,
    sortBy: job.sort_by as SortBy,
    fetchSellerNames: job.fetch_seller_names === 1,
  };
}

/** What happened to one value, before it becomes a result item. */
export type ValueResolution =
  | { kind: 'crawled'; outcome: DriverOutcome; crawls: CrawlRecord[] }
  | { kind: 'failed'; reason: CrawlFailureReason; crawls: CrawlRecord[]; detail?: string }
  | { kind: 'invalid'; problem: string }
  | { kind: 'cached'; item: ResultItem };

/** Credits a resolution costs (decisions G15): a crawl 1 plus its extra pages; everything else 0. */
export function creditCost(resolution: ValueResolution): number {
  if (resolution.kind !== 'crawled' || resolution.outcome.charged === false) return 0;
  const { extraResultPages, sellerPages } = resolution.outcome.billable;
  return 1 + extraResultPages + sellerPages;
}

/** Where a result came from (spec 2.6): the crawls behind it and, for some sources, `partial`. */
export type ResultMeta = NonNullable<ResultItem['meta']>;

/** A source's `meta`: `partial` is a field of some sources' results and absent for the others. */
function metaOf(query: ValueQuery, crawls: CrawlRecord[], partial: boolean | undefined): ResultMeta {
  return sourceModules[query.source].spec.reportsPartial ? { crawls, partial: partial ?? false } : { crawls };
}

/**
 * The provenance of a crawled or failed value, whatever the job's `include_meta`: stored with its
 * observation so a re-serve from the cache carries the provenance of what it re-serves.
 */
export function provenanceOf(query: ValueQuery, resolution: ValueResolution): ResultMeta | undefined {
  if (resolution.kind === 'crawled') {
    const partial = resolution.outcome.status === 'found' ? resolution.outcome.partial : undefined;
    return metaOf(query, resolution.crawls, partial);
  }
  return resolution.kind === 'failed' ? metaOf(query, resolution.crawls, undefined) : undefined;
}

function lastObservation(crawls: readonly CrawlRecord[]): string | null {
  return crawls.reduce<string | null>(
    (latest, crawl) => (latest === null || crawl.observed_at > latest ? crawl.observed_at : latest),
    null,
  );
}

/** What a result item is made of, and its trust computed from. */
interface ItemFacts {
  success: boolean;
  reason: string | null;
  content: Record<string, unknown> | null;
  observedAt: string | null;
  /** decisions G37: what is wrong with a `parameter_invalid` value, or what a `web` crawl refused. */
  reasonDetail?: string;
  /** The re-served item without its stored provenance, for a `cached` resolution. */
  cached?: Omit<ResultItem, 'meta'>;
}

function factsOf(query: ValueQuery, resolution: ValueResolution): ItemFacts {
  if (resolution.kind === 'cached') {
    const { meta: _stored, ...cached } = resolution.item;
    const { success, reason, content, observed_at: observedAt } = cached;
    return { success, reason, content, observedAt, cached };
  }
  const observedAt = resolution.kind === 'invalid' ? null : lastObservation(resolution.crawls);
  if (resolution.kind === 'crawled' && resolution.outcome.status === 'found') {
    return { success: true, reason: null, content: resolution.outcome.content, observedAt };
  }
  if (resolution.kind === 'crawled') return { success: true, reason: 'not found', content: null, observedAt };
  if (resolution.kind === 'failed') {
    const { reason, detail } = resolution;
    // decisions G37: a refusal without a fetch (`web`) says what was refused.
    return {
      success: false,
      reason,
      content: null,
      observedAt,
      ...(detail === undefined ? {} : { reasonDetail: detail }),
    };
  }
  return {
    success: false,
    reason: 'parameter_invalid',
    reasonDetail: resolution.problem,
    content: null,
    observedAt,
  };
}

/** Provenance stored with a re-served item, or the crawls behind a live one (spec 2.6). */
function metaFor(query: ValueQuery, resolution: ValueResolution): ResultMeta {
  // An observation stored before provenance was kept has no crawls to show.
  if (resolution.kind === 'cached') return resolution.item.meta ?? metaOf(query, [], undefined);
  const crawls = resolution.kind === 'invalid' ? [] : resolution.crawls;
  return provenanceOf(query, resolution) ?? metaOf(query, crawls, undefined);
}

function trustInputFrom(query: ValueQuery, facts: ItemFacts, now: Date): TrustInput {
  const { success, reason, content, observedAt } = facts;
  return {
    query,
    success,
    reason,
    content,
    observedAt: observedAt === null ? null : new Date(observedAt),
    now,
  };
}

/** What the trust of a value's result item is computed from (`assessResult`'s input). */
export function trustInputOf(query: ValueQuery, resolution: ValueResolution, now: Date): TrustInput {
  return trustInputFrom(query, factsOf(query, resolution), now);
}

/**
 * Builds the result item for a value (spec 2.3, 2.5, 2.6 and part 7's reason table). `assessed` is
 * the trust and finished content computed elsewhere from `trustInputOf` (a compute thread);
 * computed here when absent. The content carries decisions G38's price figures either way, also
 * when re-served from an observation stored before them.
 */
export function buildResultItem(
  query: ValueQuery,
  resolution: ValueResolution,
  options: { includeMeta: boolean; now: Date; assessed?: AssessedResult },
): ResultItem {
  const facts = factsOf(query, resolution);
  const { trust, content } = options.assessed ?? assessResult(trustInputFrom(query, facts, options.now));
  const item: ResultItem = facts.cached
    ? { ...facts.cached, content, key: query.value, served_from: 'cache', trust }
    : {
        key: query.value,
        success: facts.success,
        reason: facts.reason,
        ...(facts.reasonDetail === undefined ? {} : { reason_detail: facts.reasonDetail }),
        content,
        served_from: 'live',
        observed_at: facts.observedAt,
        trust,
      };
  return options.includeMeta ? { ...item, meta: metaFor(query, resolution) } : item;
}
