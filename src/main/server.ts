import type { FastifyInstance } from 'fastify';
import { ensureDemoAccount } from '../provisioning/provisioning.service.ts';
import { buildApp } from '../app.ts';
import { loadJwtSecret } from '../auth/auth.service.ts';
import { ensureBootstrapUser } from '../identity/identity.users.ts';
import { buildSandboxApp } from '../sandbox/index.ts';
import { exitOnStartFailure, onShutdownSignal, readConfigOrExit } from './process.ts';
import { createLogger, createRuntime } from './runtime.ts';

/**
 * The service process (`npm start`). With `ROLE=all` (the embedded default) it serves the API,
 * crawls, and runs the sandbox marketplaces; with `ROLE=api` it only serves the API.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  const logger = createLogger(config);
  let sandbox: FastifyInstance | undefined;
  if (config.sandboxEnabled && config.role !== 'worker') {
    sandbox = buildSandboxApp({ faults: config.sandboxFaults });
    await sandbox.listen({ port: config.sandboxPort, host: '127.0.0.1' });
  }
  const runtime = await createRuntime(config, logger);
  const { createdKey, bootstrapKeyRevoked } = await ensureDemoAccount(runtime.deps);
  if (bootstrapKeyRevoked) {
    logger.warn(
      'BOOTSTRAP_API_KEY names a revoked key; it stays revoked (create a new key in the dashboard)',
    );
  }
  if (createdKey) {
    process.stdout.write(
      `\nDemo account "demo" created. Its API key (shown once, keep it):\n  ${createdKey}\n\n`,
    );
  }
  const { email, createdPassword } = await ensureBootstrapUser(runtime.deps);
  if (createdPassword) {
    process.stdout.write(
      `Dashboard user created. Sign in at http://${config.host}:${config.port}/dashboard with\n` +
        `  email:    ${email}\n  password: ${createdPassword}\n(the password is shown once, keep it)\n\n`,
    );
  }
  let accepting = true;
  const jwtSecret = await loadJwtSecret(runtime.deps.db);
  const app = await buildApp(runtime.deps, { jwtSecret, isAccepting: () => accepting });
  runtime.startWorker();
  await app.listen({ port: config.port, host: config.host });

  onShutdownSignal(logger, async () => {
    accepting = false;
    // In-flight requests finish and new connections are refused; queued work stays queued.
    await app.close();
    await runtime.close();
    await sandbox?.close();
  });
}

main().catch(exitOnStartFailure);
