import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { Metrics } from './metrics.ts';
import { METRICS_ROUTE } from './metrics.schema.ts';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `GET /metrics` in Prometheus text; with `token`, only for `Authorization: Bearer <token>`. */
export async function metricsRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): Promise<void> {
  // Compared as hashes so the comparison takes the same time whatever the lengths.
  const expected = token === undefined ? undefined : sha256(`Bearer ${token}`);
  app.get('/metrics', { schema: METRICS_ROUTE }, async (request, reply) => {
    if (expected !== undefined) {
      const presented = sha256(request.headers.authorization ?? '');
      if (!timingSafeEqual(presented, expected)) {
        throw new AppError('unauthenticated', 'metrics need Authorization: Bearer <METRICS_TOKEN>');
      }
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
