import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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
    await sql`select 1`.execute(deps.db);
    return { status: 'ok', version: '4.0' };
  });
}
