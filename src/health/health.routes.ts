import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.deps.ts';
import { AppError } from '../errors/app-error.ts';

/** `GET /health` (startup contract): 200 once the service accepts work, without credentials. */
export async function healthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  isAccepting: () => boolean,
): Promise<void> {
  app.get('/health', async () => {
    if (!isAccepting()) throw new AppError('unavailable', 'shutting down');
    await deps.pingDatabase();
    return { status: 'ok', version: '4.0' };
  });
}
