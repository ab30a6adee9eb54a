import { findAccountById } from '../../accounts/accounts/accounts.repository.ts';
import type { Offload, ValueQuery } from '../../crawl/vocabulary/crawl.types.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import type { Db } from '../../platform/db/database.ts';
import { priceFiguresOf } from '../changes/changes.figures.ts';
import {
  besideRow,
  reservedShareOf,
  type BesideRow,
  type RecordDeps,
  type ValueRecord,
} from '../results/results.record.ts';
import { singleValueWriter, type GroupWriter } from '../results/results.group.ts';
import {
  buildResultItem,
  creditCost,
  provenanceOf,
  trustInputOf,
  type ValueResolution,
} from '../results/results.item.ts';
import { assessResult } from '../../crawl/trust/trust.ts';
import type { ResultItem } from '../work/work.table.ts';
import type { Job } from '../work/work.table.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow, isoPlus } from '../../platform/lib/time.ts';
import { flightsOf } from './observations.flight.ts';
import type { KeyLocks, KeyRelease } from '../../platform/cluster/cluster.locks.ts';
import { observationKeysOf, type ObservationKeys } from './observations.key.ts';
import { reusePolicyOf, type ReusePolicy } from './observations.policy.ts';
import {
  findFreshObservation,
  findFreshObservations,
  findLatestLookup,
  insertObservations,
  insertReceipts,
} from './observations.repository.ts';
import type { Observation, ObservationsTable } from './observations.table.ts';

/** What serving a value needs from the process. */
export interface ServeDeps extends RecordDeps {
  catalogue: SourceCatalogue;
  /**
   * Cross-process single-flight of the cache (Redis in distributed mode); absent, this process's
   * own `SingleFlight` is the only one.
   */
  flightLocks?: KeyLocks;
  /** Runs pure CPU work (trust) on the compute pool's threads, or in place. */
  offload: Offload;
}

/** What a crawl task knows already for every value of its chunk. */
export interface ServeContext {
  /** The account's `cache_reuse` (read once per chunk); read here when absent. */
  cacheReuse?: boolean;
  /** Where the value is recorded (the chunk's group commit); a transaction of its own when absent. */
  writer?: GroupWriter;
  /**
   * The chunk's fresh observations by cache key, looked up for all its values at once
   * (`findChunkObservations`); each value looks its own up when absent.
   */
  fresh?: ReadonlyMap<string, Observation>;
}

/** Longest wait for another process's crawl of the same value (its own deadline bounds it too). */
const CLUSTER_FLIGHT_WAIT_MS = 120_000;

/** One value of a job to serve: its query and how to crawl it when nothing may be reused. */
export interface ServeInput {
  index: number;
  query: ValueQuery;
  crawl: () => Promise<ValueResolution>;
}

const DAY_MS = 86_400_000;

/**
 * The newest fresh observation of each of a chunk's values, in one query (`ServeContext.fresh`), or
 * undefined when the job may not re-serve any. A snapshot: what it lacks, nothing had stored when
 * the chunk began, and a crawl that leads its key looks in the store again (`serveWith`).
 */
export async function findChunkObservations(
  deps: Pick<ServeDeps, 'db' | 'catalogue'>,
  job: Job,
  queries: readonly ValueQuery[],
  cacheReuse: boolean,
): Promise<Map<string, Observation> | undefined> {
  const policy = reusePolicyOf(job, cacheReuse, deps.catalogue);
  if (!policy.cacheable || policy.maxAgeSeconds === null) return undefined;
  const cacheKeys = queries.map((query) => observationKeysOf(query, deps.catalogue).cacheKey);
  return findFreshObservations(deps.db, cacheKeys, isoPlus(new Date(), -policy.maxAgeSeconds * 1000));
}

/**
 * A stored observation this job may re-serve now, if any (docs/cache.md), from the chunk's
 * snapshot `fresh` when given (checked against the window again: time has passed since).
 */
async function findReusable(
  db: Db,
  keys: ObservationKeys,
  topic: string,
  policy: ReusePolicy,
  fresh?: ReadonlyMap<string, Observation>,
): Promise<Observation | undefined> {
  const now = new Date();
  if (policy.maxAgeSeconds !== null) {
    const since = isoPlus(now, -policy.maxAgeSeconds * 1000);
    const found = fresh ? fresh.get(keys.cacheKey) : await findFreshObservation(db, keys.cacheKey, since);
    if (found && found.observed_at >= since) return found;
  }
  if (policy.notFoundMaxAgeDays !== null) {
    const latest = await findLatestLookup(db, keys.valueKey, topic);
    const since = isoPlus(now, -policy.notFoundMaxAgeDays * DAY_MS);
    if (latest && latest.not_found === 1 && latest.observed_at >= since) return latest;
  }
  return undefined;
}

/**
 * Serves one value of a job: re-serves a stored observation the job may reuse (free), else waits
 * for a crawl of the same value already under way in this process when the job may reuse, else
 * crawls, and records the result with its observation in one transaction. Answers whether this
 * call recorded the value (false when another run had recorded it first).
 */
export async function serveValue(
  deps: ServeDeps,
  job: Job,
  input: ServeInput,
  context: ServeContext = {},
): Promise<boolean> {
  const cacheReuse =
    context.cacheReuse ?? (await findAccountById(deps.db, job.account_id))?.cache_reuse === 1;
  const policy = reusePolicyOf(job, cacheReuse, deps.catalogue);
  const writer = context.writer ?? singleValueWriter(deps, job);
  return serveWith(deps, job, input, policy, writer, context.fresh);
}

async function serveWith(
  deps: ServeDeps,
  job: Job,
  input: ServeInput,
  policy: ReusePolicy,
  writer: GroupWriter,
  fresh: ReadonlyMap<string, Observation> | undefined,
): Promise<boolean> {
  const keys = observationKeysOf(input.query, deps.catalogue);
  const mayJoin = policy.maxAgeSeconds !== null;
  if (!policy.cacheable)
    return (await recordCrawl(deps, writer, job, input, keys, await input.crawl())).recorded;

  const stored = await findReusable(deps.db, keys, input.query.topic, policy, fresh);
  if (stored) return recordReuse(deps, writer, job, input, stored);
  const flights = flightsOf<Observation | undefined>(deps.db);
  const underWay = mayJoin ? flights.join(keys.cacheKey) : undefined;
  const shared = underWay ? await underWay : undefined;
  if (shared) return recordReuse(deps, writer, job, input, shared);

  // A flight that ended without a reusable result (a failed crawl) is not joined again: crawl.
  const land = flights.lead(keys.cacheKey);
  let landed: Observation | undefined;
  let unlock: KeyRelease | undefined;
  try {
    if (land && deps.flightLocks) {
      // Across processes: wait while another one crawls this key, then look in the store again.
      const waitMs = mayJoin
        ? Math.min(CLUSTER_FLIGHT_WAIT_MS, Math.max(0, Date.parse(job.deadline_at) - Date.now()))
        : 0;
      unlock = await deps.flightLocks.hold(keys.cacheKey, waitMs);
    }
    if (land && mayJoin) {
      // Between the lookup above and taking the lead, another flight may have landed and stored.
      landed = await findReusable(deps.db, keys, input.query.topic, policy);
      if (landed) return await recordReuse(deps, writer, job, input, landed);
    }
    const outcome = await recordCrawl(deps, writer, job, input, keys, await input.crawl());
    landed = outcome.recorded && outcome.observation?.success === 1 ? outcome.observation : undefined;
    return outcome.recorded;
  } finally {
    land?.(landed);
    await unlock?.();
  }
}

/** Records a re-served observation: free, `served_from: cache`, the observation's time. */
async function recordReuse(
  deps: ServeDeps,
  writer: GroupWriter,
  job: Job,
  input: ServeInput,
  observation: Observation,
): Promise<boolean> {
  const cached = JSON.parse(observation.item) as ResultItem;
  const item = buildResultItem(
    input.query,
    { kind: 'cached', item: { ...cached, observed_at: cached.observed_at ?? observation.observed_at } },
    { includeMeta: job.include_meta === 1, now: new Date() },
  );
  const reservedShare = reservedShareOf(deps, job, false);
  const beside = [besideRow(insertReceipts, receiptOf(job, input.index, observation))];
  const value: ValueRecord = { index: input.index, item, cost: 0, reservedShare, beside };
  return writer.record(value);
}

/** Records a crawled value and, when it was a crawl, its observation. */
async function recordCrawl(
  deps: ServeDeps,
  writer: GroupWriter,
  job: Job,
  input: ServeInput,
  keys: ObservationKeys,
  resolution: ValueResolution,
): Promise<{ recorded: boolean; observation?: ObservationsTable }> {
  const now = new Date();
  const trustInput = trustInputOf(input.query, resolution, now);
  // Scoring content is the costliest pure step after parsing, so a compute thread does it when there
  // is one; a result without content (not found, failed) scores faster than a trip to the thread.
  const assessed =
    trustInput.content === null ? assessResult(trustInput) : await deps.offload(assessResult, trustInput);
  const item = buildResultItem(input.query, resolution, {
    includeMeta: job.include_meta === 1,
    now,
    assessed,
  });
  const observation = observationOf(job, input, keys, resolution, item);
  const reservedShare = reservedShareOf(deps, job, false);
  const cost = creditCost(resolution);
  const beside: BesideRow[] = [];
  if (observation) beside.push(besideRow(insertObservations, observation));
  if (observation?.success === 1)
    beside.push(besideRow(insertReceipts, receiptOf(job, input.index, observation)));
  const recorded = await writer.record({ index: input.index, item, cost, reservedShare, beside });
  return { recorded, observation };
}

function receiptOf(
  job: Job,
  index: number,
  observation: Pick<Observation, 'id' | 'value_key' | 'observed_at'>,
) {
  return {
    account_id: job.account_id,
    observation_id: observation.id,
    value_key: observation.value_key,
    observed_at: observation.observed_at,
    job_id: job.id,
    value_index: index,
    received_at: isoNow(),
  };
}

/**
 * The observation a resolution makes: every crawl result, found, not found or failed after at
 * least one fetch. Malformed values, re-serves and actions that are not crawls
 * (`remove_conversions`) make none.
 */
function observationOf(
  job: Job,
  input: ServeInput,
  keys: ObservationKeys,
  resolution: ValueResolution,
  item: ResultItem,
): ObservationsTable | undefined {
  if (resolution.kind === 'invalid' || resolution.kind === 'cached') return undefined;
  if (resolution.kind === 'crawled' && resolution.outcome.charged === false) return undefined;
  if (resolution.kind === 'failed' && resolution.crawls.length === 0) return undefined;
  // The provenance is kept whatever this job's include_meta, for the jobs that re-serve it.
  const stored: ResultItem = { ...item, meta: provenanceOf(input.query, resolution) };
  const now = isoNow();
  const notFound = item.success && item.reason === 'not found';
  const { query } = input;
  return {
    id: newObjectId(),
    cache_key: keys.cacheKey,
    value_key: keys.valueKey,
    source: query.source,
    country: query.country,
    key: query.key,
    value: query.value,
    topic: query.topic,
    max_pages: query.maxPages,
    sort_by: query.sortBy,
    fetch_seller_names: query.fetchSellerNames ? 1 : 0,
    account_id: job.account_id,
    job_id: job.id,
    value_index: input.index,
    // A crawl without a fetch of its own (a conversion answered from the store) counts as now.
    observed_at: item.observed_at ?? now,
    success: item.success ? 1 : 0,
    reason: item.reason,
    not_found: notFound ? 1 : 0,
    item: JSON.stringify(stored),
    ...priceFiguresOf(item.content, notFound),
    created_at: now,
  };
}
