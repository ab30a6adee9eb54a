import assert from 'node:assert/strict';
import type { Harness } from './harness.ts';

/** A result item as downloaded (spec 2.3), loosely typed for assertions. */
export type DownloadedResult = Record<string, any> & {
  key: string;
  success: boolean;
  reason: string | null;
  served_from: 'live' | 'cache';
  observed_at: string | null;
};

/** Submits a job; answers the parsed submission response. */
export async function submitJob(
  harness: Pick<Harness, 'app'>,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<Record<string, any>> {
  const response = await harness.app.inject({ method: 'POST', url: '/job', headers, payload });
  return response.json() as Record<string, any>;
}

/** Polls a job (wait form, never a sleep) until it finished; answers its downloaded results. */
export async function awaitResults(
  harness: Pick<Harness, 'app'>,
  headers: Record<string, string>,
  jobId: string,
): Promise<DownloadedResult[]> {
  for (let polls = 0; polls < 60; polls += 1) {
    const status = (
      await harness.app.inject({ method: 'GET', url: `/job/${jobId}?wait=10`, headers })
    ).json() as { job: { status: string } };
    if (status.job.status === 'finished' || status.job.status === 'failed') break;
  }
  const download = await harness.app.inject({ method: 'GET', url: `/job/${jobId}/download`, headers });
  const body = download.json() as { error: boolean; results: DownloadedResult[] };
  assert.equal(body.error, false, JSON.stringify(body));
  return body.results;
}

/** Submits a job, waits for it and answers its id and results. */
export async function runJob(
  harness: Pick<Harness, 'app'>,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<{ jobId: string; results: DownloadedResult[] }> {
  const created = await submitJob(harness, headers, payload);
  const jobId = (created.job as { _id?: string } | undefined)?._id;
  assert.ok(jobId, JSON.stringify(created));
  return { jobId, results: await awaitResults(harness, headers, jobId) };
}
