import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { secretsEqual } from '../lib/secrets.ts';
import type { Metrics } from './metrics.ts';
import { METRICS_ROUTE } from './metrics.schema.ts';

/** `GET /metrics` in Prometheus text; with `token`, only for `Authorization: Bearer <token>`. */
export async function metricsRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): Promise<void> {
  const expected = token === undefined ? undefined : `Bearer ${token}`;
  app.get('/metrics', { schema: METRICS_ROUTE }, async (request, reply) => {
    if (expected !== undefined) {
      if (!secretsEqual(request.headers.authorization ?? '', expected)) {
        throw new AppError('unauthenticated', 'metrics need Authorization: Bearer <METRICS_TOKEN>');
      }
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
