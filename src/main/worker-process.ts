import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildOperationsApp } from '../app.ts';
import type { Config } from '../config.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { listenOn, onShutdownSignal } from './process.ts';
import { createLogger, createRuntime } from './runtime.ts';

/**
 * A crawl worker (`npm run worker`, `npx pricecrawl worker`) for the distributed deployment: it
 * shares the database (`DATABASE_URL`) and queue with the API processes and crawls what they
 * enqueue. It serves no API, only `/health`, `/health/live` and `/metrics` on `HEALTH_PORT` for
 * probes and scrapes (and on `WORKER_METRICS_PORT` too when that is set to another port).
 */
export async function runWorkerProcess(config: Config): Promise<void> {
  if (config.role === 'api') throw new Error('ROLE=api has no worker; run npx pricecrawl api');
  limitHeapGrowth();
  const logger = createLogger(config);
  const runtime = await createRuntime({ ...config, role: 'worker' }, logger);
  let accepting = true;
  const servers: FastifyInstance[] = [];
  const ports = new Set([config.healthPort, config.workerMetricsPort ?? config.healthPort]);
  try {
    for (const port of ports) {
      const server = await buildOperationsApp(runtime.deps, () => accepting);
      servers.push(server);
      const variable = port === config.healthPort ? 'HEALTH_PORT' : 'WORKER_METRICS_PORT';
      await listenOn(server, variable, port, config.host);
    }
  } catch (error) {
    // Nothing was started yet: close what was opened so the process can exit with the reason.
    await Promise.allSettled(servers.map((server) => server.close()));
    await runtime.close();
    throw error;
  }
  runtime.startWorker();
  const healthPort = (servers[0]?.server.address() as AddressInfo | null)?.port;
  logger.info({ concurrency: config.workerConcurrency, healthPort }, 'worker started');
  onShutdownSignal(logger, async () => {
    accepting = false;
    await runtime.close();
    await Promise.all(servers.map((server) => server.close()));
  });
}
