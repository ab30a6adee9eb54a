import { assembleHarness, type Harness } from './harness.ts';

/**
 * Simulates a crash and a restart: the harness's app and runtime stop where they are (queued work
 * and reservations stay in the database) and a new runtime on the same database, sandbox and
 * configuration takes over. Answers the new harness; its `close` ends everything, as before.
 */
export async function restartRuntime(harness: Harness, options: { worker?: boolean } = {}): Promise<Harness> {
  await harness.app.close();
  await harness.runtime.close();
  return assembleHarness(harness, harness.runtime.deps.config, {
    worker: options.worker,
    accountPrefix: 'restarted',
  });
}
