import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../accounts/identity/identity.hook.ts';
import { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import { IdempotencyHeaders } from '../../platform/openapi/openapi.schemas.ts';
import { historyToCsv } from '../history/history.csv.ts';
import { HistoryPageSchema, HistoryQuery } from '../history/history.schema.ts';
import { readHistory, type HistoryDeps } from '../history/history.service.ts';
import { SubmitJobResponse } from '../jobs/jobs.schema.ts';
import { answerGate } from '../http/http.answer-gate.ts';
import { submitJobAnswered } from '../jobs/jobs.routes.ts';
import type { JobsDeps } from '../jobs/jobs.service.ts';
import { accountRouteSchema as schema } from './account-plane.route-schema.ts';
import {
  ResultsQuery,
  ResultsResponse,
  RunsQuery,
  RunsResponse,
  SourcesResponse,
} from './account-plane.results.schema.ts';
import { readResultsPage, readRuns, readSources } from './account-plane.results.service.ts';
import { IdParams } from './account-plane.schema.ts';

/**
 * The dashboard's own routes (decisions G39): what it shows of prices and what it submits, read and
 * written for the session's account through the same services as the data plane, which a session
 * never authenticates.
 */
export async function accountDashboardRoutes(
  app: FastifyInstance,
  deps: JobsDeps & HistoryDeps,
): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/v1/account/jobs/:id/results',
    {
      schema: schema(
        'listAccountJobResults',
        'A job\u2019s results so far (spec 2.3 items with the submitted value), in submission order, paged by `offset`; an interval job\u2019s latest run, or the run `run_id`.',
        { params: IdParams, querystring: ResultsQuery },
        ResultsResponse,
        { notFound: 'job' },
      ),
    },
    async (request) => readResultsPage(deps.db, sessionOf(request).account, request.params.id, request.query),
  );

  routes.get(
    '/v1/account/jobs/:id/runs',
    {
      schema: schema(
        'listAccountJobRuns',
        'An interval job\u2019s runs newest first, with its interval and next run.',
        { params: IdParams, querystring: RunsQuery },
        RunsResponse,
        { notFound: 'job' },
      ),
    },
    async (request) => readRuns(deps.db, sessionOf(request).account, request.params.id, request.query.limit),
  );

  routes.post(
    '/v1/account/jobs',
    {
      schema: {
        ...schema(
          'submitAccountJob',
          'Creates a batch or interval job for the session\u2019s account: the body, validation, credits and answers of `POST /job`, `Idempotency-Key` included.',
          { body: SubmissionBody },
          SubmitJobResponse,
          { changesState: true },
        ),
        headers: IdempotencyHeaders,
      },
      onResponse: answerGate(deps),
    },
    // The job object is presented loosely typed (`presentJob`); its schema documents it.
    async (request) =>
      (await submitJobAnswered(deps, request, sessionOf(request).account, request.body)) as never,
  );

  routes.get(
    '/v1/account/history',
    {
      schema: schema(
        'getAccountHistory',
        'The account\u2019s price history of one value, as `GET /history` (JSON, or CSV with `format=csv`).',
        { querystring: HistoryQuery },
        HistoryPageSchema,
      ),
    },
    async (request, reply) => {
      const history = await readHistory(deps, sessionOf(request).account, request.query);
      if (request.query.format !== 'csv') return history;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="history.csv"')
        .send(historyToCsv(history.points) as never);
    },
  );

  routes.get(
    '/v1/account/sources',
    {
      schema: schema(
        'listAccountSources',
        'The sources the account may use, with their countries, keys and topics (for the submission form).',
        {},
        SourcesResponse,
      ),
    },
    async (request) => readSources(deps, sessionOf(request).account),
  );
}
