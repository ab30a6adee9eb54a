import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { ensureDemoAccount } from '../accounts/accounts.service.ts';
import { loadJwtSecret } from '../auth/auth.service.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { buildSandboxApp } from '../sandbox/index.ts';
import { createLogger, createRuntime } from './runtime.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`pricecrawl: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The service process: API (and, on the embedded default, worker and sandbox) in one. */
async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);
  let sandbox: FastifyInstance | undefined;
  if (config.sandboxEnabled && config.role !== 'worker') {
    sandbox = buildSandboxApp({ faults: config.sandboxFaults });
    await sandbox.listen({ port: config.sandboxPort, host: '127.0.0.1' });
  }
  const runtime = await createRuntime(config, logger);
  const { createdKey } = await ensureDemoAccount(runtime.deps);
  if (createdKey) {
    process.stdout.write(
      `\nDemo account "demo" created. Its API key (shown once, keep it):\n  ${createdKey}\n\n`,
    );
  }
  let accepting = true;
  const app = await buildApp(runtime.deps, {
    jwtSecret: await loadJwtSecret(runtime.deps.db),
    isAccepting: () => accepting,
  });
  runtime.startWorker();
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    accepting = false;
    logger.info({ signal }, 'shutting down');
    // In-flight requests finish; new connections are refused; queued work stays queued.
    await app.close();
    await runtime.close();
    await sandbox?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `pricecrawl: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
