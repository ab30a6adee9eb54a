import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import { buildHealthApp } from '../health/health.server.ts';
import { onShutdownSignal } from './process.ts';
import { createLogger, createRuntime } from './runtime.ts';

/**
 * A crawl worker (`npm run worker`, `npx pricecrawl worker`) for the distributed deployment: it
 * shares the database (`DATABASE_URL`) and queue with the API processes and crawls what they
 * enqueue. It serves no API, only `/health` and `/health/live` on `HEALTH_PORT` for probes.
 */
export async function runWorkerProcess(config: Config): Promise<void> {
  if (config.role === 'api') throw new Error('ROLE=api has no worker; run npx pricecrawl api');
  const logger = createLogger(config);
  const runtime = await createRuntime({ ...config, role: 'worker' }, logger);
  let accepting = true;
  const health = await buildHealthApp(runtime.deps, () => accepting);
  await health.listen({ port: config.healthPort, host: config.host });
  runtime.startWorker();
  const { port } = health.server.address() as AddressInfo;
  logger.info({ concurrency: config.workerConcurrency, healthPort: port }, 'worker started');
  onShutdownSignal(logger, async () => {
    accepting = false;
    await runtime.close();
    await health.close();
  });
}
