import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import { sameMarketplaceCountries } from '../../crawl/sources/sources.catalogue.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, invalid } from '../../platform/errors/app-error.ts';
import { getAccountJob } from '../../pipeline/submissions/submissions.service.ts';
import { findLatestRun } from '../../pipeline/work/work.repository.ts';
import type { Job, ResultItem } from '../../pipeline/work/work.table.ts';
import { listSourceGrants } from './account-plane.repository.ts';
import { countJobResults, listIntervalRuns, listJobResultsPage } from './account-plane.results.repository.ts';

/** The dashboard's reads of results, runs and the catalogue (decisions G39). */

/**
 * The job whose results a view of `job` shows: the job itself, or one run of an interval job
 * (`runId`, default its latest). Another job's run is as unknown as a missing job.
 */
async function servedJob(
  db: Db,
  account: Account,
  job: Job,
  runId: string | undefined,
): Promise<Job | undefined> {
  if (job.interval_minutes === null) {
    if (runId !== undefined) throw invalid('run_id applies to interval jobs only');
    return job;
  }
  if (runId === undefined) return findLatestRun(db, job.id);
  const run = await getAccountJob({ db }, account, runId);
  if (run.parent_id !== job.id) throw new AppError('job_not_found');
  return run;
}

/** `GET /v1/account/jobs/{id}/results`: the results so far, in submission order, paged. */
export async function readResultsPage(
  db: Db,
  account: Account,
  jobId: string,
  query: { offset: number; limit: number; run_id?: string },
) {
  const job = await getAccountJob({ db }, account, jobId);
  const served = await servedJob(db, account, job, query.run_id);
  if (served?.results_purged === 1) throw new AppError('results_expired');
  const [total, rows] = served
    ? await Promise.all([countJobResults(db, served.id), listJobResultsPage(db, served.id, query)])
    : [0, []];
  return {
    error: false as const,
    job_id: job.id,
    run_id: job.interval_minutes === null ? null : (served?.id ?? null),
    status: served?.status ?? 'new',
    offset: query.offset,
    limit: query.limit,
    total,
    count: rows.length,
    results: rows.map((row) => ({
      index: row.idx,
      value: row.value,
      result: JSON.parse(row.result) as ResultItem,
    })),
  };
}

/** `GET /v1/account/jobs/{id}/runs`: an interval job's runs, newest first. */
export async function readRuns(db: Db, account: Account, jobId: string, limit: number) {
  const job = await getAccountJob({ db }, account, jobId);
  if (job.interval_minutes === null) throw new AppError('not_interval_job');
  return {
    error: false as const,
    job_id: job.id,
    interval: job.interval_minutes,
    next_run_at: job.next_run_at,
    last_run_error: job.last_run_error,
    runs: await listIntervalRuns(db, job.id, limit),
  };
}

/**
 * `GET /v1/account/sources`: the catalogue as the submission form needs it, limited to what the
 * account may use (an enterprise account: its granted source and country pairs).
 */
export async function readSources(deps: { db: Db; catalogue: SourceCatalogue }, account: Account) {
  const grants = account.plan === 'enterprise' ? new Set(await listSourceGrants(deps.db, account.id)) : null;
  const granted = (source: string, country: string) =>
    grants === null || sameMarketplaceCountries(country).some((market) => grants.has(`${source}.${market}`));
  const sources = deps.catalogue.all().flatMap((spec) => {
    const countries = spec.countries.filter((country) => granted(spec.id, country));
    if (countries.length === 0) return [];
    return [
      {
        id: spec.id,
        label: spec.label,
        countries,
        keys: Object.entries(spec.keys).map(([key, keySpec]) => ({
          key,
          countries: keySpec?.countries ? [...keySpec.countries] : null,
        })),
        topics: spec.topics.map((topic) => {
          const keys = spec.topicKeys[topic];
          return { topic, keys: keys ? [...keys] : null };
        }),
        uses_max_pages: spec.usesMaxPages,
      },
    ];
  });
  return { error: false as const, sources };
}
