import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.deps.ts';
import { installErrorHandling } from '../http/http.errors.ts';
import { healthRoutes } from './health.routes.ts';

/**
 * The probe server of a process without the API (a worker, on `HEALTH_PORT`): only `/health`
 * (readiness, the API's own route) and `/health/live` (liveness: the process answers at all).
 */
export async function buildHealthApp(deps: AppDeps, isAccepting: () => boolean): Promise<FastifyInstance> {
  // Probes come every few seconds; their request lines would drown the worker's log.
  const logger = deps.logger.child({ component: 'health' }, { level: 'warn' });
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
  installErrorHandling(app, {});
  await app.register(async (scope) => healthRoutes(scope, deps, isAccepting));
  // The API's health routes may answer liveness themselves; then theirs is the one.
  if (!app.hasRoute({ method: 'GET', url: '/health/live' })) {
    app.get('/health/live', async () => ({ status: 'ok' }));
  }
  return app;
}
