import { buildOperationsApp } from '../app.ts';
import { exitOnStartFailure, onShutdownSignal, readConfigOrExit } from './process.ts';
import { createLogger, createRuntime } from './runtime.ts';

/**
 * A crawl worker without HTTP (`npm run worker`), for the distributed deployment: it shares the
 * database (`DATABASE_URL`) and queue with the API processes and crawls what they enqueue.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  if (config.role === 'api') throw new Error('ROLE=api has no worker; run npm start for the API');
  const logger = createLogger(config);
  const runtime = await createRuntime({ ...config, role: 'worker' }, logger);
  runtime.startWorker();
  logger.info({ concurrency: config.workerConcurrency }, 'worker started');
  const operations =
    config.workerMetricsPort === undefined ? undefined : await buildOperationsApp(runtime.deps);
  await operations?.listen({ port: config.workerMetricsPort, host: config.host });
  onShutdownSignal(logger, async () => {
    await operations?.close();
    await runtime.close();
  });
}

main().catch(exitOnStartFailure);
