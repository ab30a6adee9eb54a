import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import { HEALTH_ROUTES } from './health.schema.ts';

/** What the health routes need from the process. */
export interface HealthDeps {
  /** Answers once the database is reachable; never waits behind a long write. */
  pingDatabase: () => Promise<void>;
}

/** `GET /health` (readiness) and `GET /health/live` (liveness), without credentials (decisions G33). */
export async function healthRoutes(
  app: FastifyInstance,
  deps: HealthDeps,
  isAccepting: () => boolean,
): Promise<void> {
  app.get('/health', { schema: HEALTH_ROUTES.ready }, async () => {
    if (!isAccepting()) throw new AppError('unavailable', 'shutting down');
    try {
      await deps.pingDatabase();
    } catch (error) {
      throw new AppError('unavailable', 'database unreachable', { cause: error });
    }
    return { status: 'ok', version: '4.0' };
  });

  app.get('/health/live', { schema: HEALTH_ROUTES.live }, async () => ({ status: 'ok' }));
}
