import { createAccount, createApiKey } from '../../src/accounts/accounts.service.ts';
import { buildApp } from '../../src/app.ts';
import { loadJwtSecret } from '../../src/auth/auth.service.ts';
import { createRuntime } from '../../src/main/runtime.ts';
import { pino } from 'pino';
import type { Harness } from './harness.ts';

let restarts = 0;

/**
 * Simulates a crash and a restart: the harness's app and runtime stop where they are (queued work
 * and reservations stay in the database) and a new runtime on the same database, sandbox and
 * configuration takes over. Answers the new harness; its `close` ends everything, as before.
 */
export async function restartRuntime(harness: Harness, options: { worker?: boolean } = {}): Promise<Harness> {
  await harness.app.close();
  await harness.runtime.close();
  const runtime = await createRuntime(harness.runtime.deps.config, pino({ level: 'silent' }));
  const app = await buildApp(runtime.deps, { jwtSecret: await loadJwtSecret(runtime.deps.db) });
  if (options.worker !== false) runtime.startWorker();
  return {
    ...harness,
    app,
    runtime,
    async account(input = {}) {
      restarts += 1;
      const { account } = await createAccount(runtime.deps, {
        name: input.name ?? `restarted${restarts}`,
        plan: input.plan ?? 'self-serve',
        sources: input.sources,
        credits: input.credits ?? 100_000,
        cacheReuse: input.cacheReuse ?? false,
      });
      const { key } = await createApiKey(runtime.deps.db, account);
      return { headers: { 'x-api-key': key }, accountId: account.id, key };
    },
    async close() {
      await app.close();
      await runtime.close();
      await harness.sandbox.close();
      await harness.database.drop();
    },
  };
}
