import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { sessionOf } from '../../accounts/identity/identity.hook.ts';
import { Type } from '@sinclair/typebox';
import { resultsToCsv } from '../jobs/jobs.csv.ts';
import { CSV_FILE } from '../jobs/jobs.schema.ts';
import { downloadJob, getBatchJob } from '../jobs/jobs.service.ts';
import { getAccountJob } from '../../pipeline/submissions/submissions.service.ts';
import { deliveriesPage, replayAll, replayOne } from '../deliveries/deliveries.service.ts';
import { getStreamJob } from '../streams/streams.service.ts';
import { countDeliveriesByStatus } from '../../pipeline/deliveries/deliveries.repository.ts';
import { accountRouteSchema as schema } from './account-plane.route-schema.ts';
import {
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryIdParams,
  DownloadQuery,
  DownloadResponse,
  JobDetailResponse,
  JobsQuery,
  JobsResponse,
  ReplayAllResponse,
  ReplayOneResponse,
} from './account-plane.jobs.schema.ts';
import { IdParams } from './account-plane.schema.ts';
import { presentJobSummary, readJobsPage } from './account-plane.service.ts';
import { findLatestRun } from '../../pipeline/work/work.repository.ts';
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { Job } from '../../pipeline/work/work.table.ts';

/**
 * The account's jobs and streams for the dashboard. The dashboard's session never authenticates
 * the data plane, so what it shows of jobs is read here, through the same job and stream services.
 */
export async function accountJobsRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/v1/account/jobs',
    {
      schema: schema(
        'listAccountJobs',
        'The account\u2019s batch and stream jobs newest first, paged by `cursor`; `kind` filters.',
        { querystring: JobsQuery },
        JobsResponse,
      ),
    },
    // The schema's enum admits only job kinds; TypeBox's Unsafe loses that in inference.
    async (request) =>
      readJobsPage(
        deps.db,
        sessionOf(request).account,
        request.query as { limit: number; kind?: 'batch' | 'stream'; cursor?: string },
      ),
  );

  routes.get(
    '/v1/account/jobs/:id',
    {
      schema: schema(
        'getAccountJob',
        'One job\u2019s progress; a stream job also counts its deliveries by status.',
        { params: IdParams },
        JobDetailResponse,
        { notFound: 'job' },
      ),
    },
    async (request) => {
      const job = await getAccountJob(deps, sessionOf(request).account, request.params.id);
      const latestRun = job.interval_minutes === null ? undefined : await findLatestRun(deps.db, job.id);
      const summary = presentJobSummary(job, latestRun);
      if (job.kind !== 'stream') return { error: false as const, job: summary };
      return {
        error: false as const,
        job: summary,
        deliveries: await countDeliveriesByStatus(deps.db, job.id),
      };
    },
  );

  const download = schema(
    'downloadAccountJob',
    'A finished job\u2019s results as on `GET /job/{id}/download`: JSON, or CSV with `format=csv`.',
    { params: IdParams, querystring: DownloadQuery },
    DownloadResponse,
    { notFound: 'job' },
  );
  routes.get(
    '/v1/account/jobs/:id/download',
    {
      schema: {
        ...download,
        response: {
          ...download.response,
          200: {
            description: 'The results as JSON, or as CSV with `format=csv`; or `{error:true, message}`.',
            content: {
              'application/json': { schema: download.response[200] },
              'text/csv': {
                schema: Type.String({ description: CSV_FILE.description, examples: [CSV_FILE.example] }),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { job, status, results } = await downloadJob(deps, sessionOf(request).account, request.params.id);
      if (request.query.format !== 'csv') {
        // The status of the job the results come from: an interval job's run, as on /job/{id}/download.
        return { error: false as const, job_id: job.id, status, results: results as never[] };
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="job-${job.id}.csv"`)
        .send(resultsToCsv(results) as never);
    },
  );

  // A batch job's deliveries have the stream's routes (issue 22): /job/{id}/deliveries and replay-all.
  accountDeliveryRoutes(app, deps, {
    plural: 'streams',
    names: { list: 'listAccountStreamDeliveries', replay: 'replayAccountStreamDeadLetters' },
    whose: 'A stream job\u2019s',
    what: 'a stream job',
    getJob: getStreamJob,
  });
  accountDeliveryRoutes(app, deps, {
    plural: 'jobs',
    names: { list: 'listAccountJobDeliveries', replay: 'replayAccountJobDeadLetters' },
    whose: 'A batch job\u2019s (or interval run\u2019s)',
    what: 'a batch job',
    getJob: getBatchJob,
  });

  routes.post(
    '/v1/account/deliveries/:delivery_id/replay',
    {
      schema: schema(
        'replayAccountDelivery',
        'Re-sends one delivery now with a fresh attempt budget (same id and batch_sequence).',
        { params: DeliveryIdParams },
        ReplayOneResponse,
        { changesState: true, notFound: 'delivery' },
      ),
    },
    async (request) => replayOne(deps, sessionOf(request).account, request.params.delivery_id),
  );
}

/** What differs between the stream and the batch job routes of a job's deliveries. */
interface DeliveryRoutesOf {
  plural: 'streams' | 'jobs';
  names: { list: string; replay: string };
  whose: string;
  what: string;
  getJob: (deps: { db: Db }, account: Account, jobId: string) => Promise<Job>;
}

/** `GET /v1/account/<plural>/:id/deliveries` and `POST /v1/account/<plural>/:id/replay-all`. */
function accountDeliveryRoutes(app: FastifyInstance, deps: { db: Db }, of: DeliveryRoutesOf): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.get(
    `/v1/account/${of.plural}/:id/deliveries`,
    {
      schema: schema(
        of.names.list,
        `${of.whose} webhook deliveries in \`batch_sequence\` order, optionally of one status.`,
        { params: IdParams, querystring: DeliveriesQuery },
        DeliveriesResponse,
        { notFound: 'job' },
      ),
    },
    async (request) => {
      const job = await of.getJob(deps, sessionOf(request).account, request.params.id);
      const query = request.query as {
        offset: number;
        limit: number;
        status?: 'pending' | 'delivered' | 'failed' | 'dead_lettered';
      };
      return (await deliveriesPage(deps, job, query)) as never;
    },
  );
  routes.post(
    `/v1/account/${of.plural}/:id/replay-all`,
    {
      schema: schema(
        of.names.replay,
        `Re-sends every dead-lettered delivery of ${of.what}.`,
        { params: IdParams },
        ReplayAllResponse,
        { changesState: true, notFound: 'job' },
      ),
    },
    async (request) => replayAll(deps, await of.getJob(deps, sessionOf(request).account, request.params.id)),
  );
}
