import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../accounts/auth/auth.hook.ts';
import { claimOf } from '../../pipeline/submissions/submissions.idempotency.ts';
import type { DeliveryStatus } from '../../pipeline/deliveries/deliveries.table.ts';
import { answerGate, releaseAfterAnswer } from '../http/http.answer-gate.ts';
import { STREAM_ROUTES } from './streams.schema.ts';
import { deliveriesPage, replayAll, replayOne } from '../deliveries/deliveries.service.ts';
import {
  getStreamJob,
  presentStreamStatus,
  resultsPage,
  submitStream,
  type StreamsDeps,
} from './streams.service.ts';

/** The Stream API of spec 4.6–4.11, registered in the authenticated scope. */
export async function streamsRoutes(app: FastifyInstance, deps: StreamsDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/stream',
    // 100 000 values must fit, which the default body limit for other routes does not allow.
    {
      schema: STREAM_ROUTES.submit,
      bodyLimit: deps.config.streamBodyLimitBytes,
      onResponse: answerGate(deps),
    },
    async (request) => {
      const claim = claimOf(request.headers, 'stream', request.body);
      const answer = await submitStream(deps, accountOf(request), request.body, claim);
      releaseAfterAnswer(request, answer.job_id);
      return answer;
    },
  );

  routes.get('/stream/:id', { schema: STREAM_ROUTES.status }, async (request) =>
    presentStreamStatus(deps, await getStreamJob(deps, accountOf(request), request.params.id)),
  );

  routes.get('/stream/:id/results', { schema: STREAM_ROUTES.results }, async (request) =>
    resultsPage(deps, await getStreamJob(deps, accountOf(request), request.params.id), request.query),
  );

  routes.get('/stream/:id/deliveries', { schema: STREAM_ROUTES.deliveries }, async (request) =>
    deliveriesPage(
      deps,
      await getStreamJob(deps, accountOf(request), request.params.id),
      // The schema's enum admits only delivery states; TypeBox's Unsafe loses that in inference.
      request.query as { offset: number; limit: number; status?: DeliveryStatus },
    ),
  );

  routes.post('/stream/:id/replay-all', { schema: STREAM_ROUTES.replayAll }, async (request) =>
    replayAll(deps, await getStreamJob(deps, accountOf(request), request.params.id)),
  );

  routes.post(
    '/stream/deliveries/:delivery_id/replay',
    { schema: STREAM_ROUTES.replayOne },
    async (request) => replayOne(deps, accountOf(request), request.params.delivery_id),
  );
}
