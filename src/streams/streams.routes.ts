import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.deps.ts';
import { accountOf } from '../auth/auth.hook.ts';
import { claimOf } from '../submissions/submissions.idempotency.ts';
import { SubmissionBody } from '../submissions/submissions.schema.ts';
import type { DeliveryStatus } from '../deliveries/deliveries.table.ts';
import { DeliveriesQuery, DeliveryIdParams, ResultsQuery, StreamIdParams } from './streams.schema.ts';
import {
  deliveriesPage,
  getStreamJob,
  presentStreamStatus,
  replayAll,
  replayOne,
  resultsPage,
  submitStream,
} from './streams.service.ts';

/** The Stream API of spec 4.6–4.11, registered in the authenticated scope. */
export async function streamsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/stream',
    // 100 000 values must fit, which the default body limit for other routes does not allow.
    { schema: { body: SubmissionBody }, bodyLimit: deps.config.streamBodyLimitBytes },
    async (request) =>
      submitStream(deps, accountOf(request), request.body, claimOf(request.headers, 'stream', request.body)),
  );

  routes.get('/stream/:id', { schema: { params: StreamIdParams } }, async (request) =>
    presentStreamStatus(deps, await getStreamJob(deps, accountOf(request), request.params.id)),
  );

  routes.get(
    '/stream/:id/results',
    { schema: { params: StreamIdParams, querystring: ResultsQuery } },
    async (request) =>
      resultsPage(deps, await getStreamJob(deps, accountOf(request), request.params.id), request.query),
  );

  routes.get(
    '/stream/:id/deliveries',
    { schema: { params: StreamIdParams, querystring: DeliveriesQuery } },
    async (request) =>
      deliveriesPage(
        deps,
        await getStreamJob(deps, accountOf(request), request.params.id),
        // The schema's enum admits only delivery states; TypeBox's Unsafe loses that in inference.
        request.query as { offset: number; limit: number; status?: DeliveryStatus },
      ),
  );

  routes.post('/stream/:id/replay-all', { schema: { params: StreamIdParams } }, async (request) =>
    replayAll(deps, await getStreamJob(deps, accountOf(request), request.params.id)),
  );

  routes.post(
    '/stream/deliveries/:delivery_id/replay',
    { schema: { params: DeliveryIdParams } },
    async (request) => replayOne(deps, accountOf(request), request.params.delivery_id),
  );
}
