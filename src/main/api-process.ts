import type { Server as TlsServer } from 'node:tls';
import { ensureDemoAccount } from '../accounts/provisioning/provisioning.service.ts';
import { buildApp } from '../app.ts';
import { loadJwtSecret } from '../accounts/auth/auth.service.ts';
import type { Config } from '../config.ts';
import { readTlsCredentials, reloadTlsCredentials, type TlsFiles } from '../api/http/http.tls.ts';
import { ensureBootstrapUser } from '../accounts/identity/identity.users.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { listenOn, onShutdownSignal } from './process.ts';
import { createLogger, createRuntime } from './runtime.ts';
import { startSandboxProcess } from './sandbox-process.ts';

/**
 * The API process: `npm start` with `ROLE=all` (the embedded default: it serves the API, crawls and
 * runs the sandbox marketplaces) or `ROLE=api`, and `npx pricecrawl api` (the API only).
 */
export async function runApiProcess(config: Config): Promise<void> {
  if (config.role === 'worker') throw new Error('ROLE=worker serves no API; run npx pricecrawl worker');
  limitHeapGrowth();
  const logger = createLogger(config);
  const tlsFiles: TlsFiles | undefined =
    config.tlsCertFile && config.tlsKeyFile
      ? { certFile: config.tlsCertFile, keyFile: config.tlsKeyFile }
      : undefined;
  const https = tlsFiles && (await readTlsCredentials(tlsFiles));
  // The sandbox marketplaces start in their own process while this one opens the database.
  const sandboxStarting = config.sandboxEnabled ? startSandboxProcess(logger) : undefined;
  // Awaited below; a failure meanwhile must not count as unhandled before that.
  sandboxStarting?.catch(() => {});
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
  // On a fresh database the dashboard user's password hash (scrypt, in libuv's thread pool) is
  // made while this thread builds the app; the user exists before the service listens.
  const bootstrapUser = ensureBootstrapUser(runtime.deps);
  bootstrapUser.catch(() => {});
  let accepting = true;
  const jwtSecret = await loadJwtSecret(runtime.deps.db);
  const app = await buildApp(runtime.deps, { jwtSecret, isAccepting: () => accepting, https });
  const scheme = https ? 'https' : 'http';
  const { email, createdPassword, passwordApplied } = await bootstrapUser;
  if (passwordApplied) {
    logger.warn(
      { email },
      "BOOTSTRAP_USER_PASSWORD differed from the dashboard user's password and is now its password (its sessions ended)",
    );
  }
  if (createdPassword) {
    process.stdout.write(
      `Dashboard user created. Sign in at ${scheme}://${config.host}:${config.port}/dashboard with\n` +
        `  email:    ${email}\n  password: ${createdPassword}\n(the password is shown once, keep it)\n\n`,
    );
  }
  // Up before /health answers, so whoever waits for it can crawl the sandbox at once.
  const sandbox = await sandboxStarting;
  runtime.startWorker();
  await listenOn(app, 'PORT', config.port, config.host);
  if (tlsFiles) reloadCertificateOnHangUp(app.server as unknown as TlsServer, tlsFiles, runtime.deps.logger);

  onShutdownSignal(logger, async () => {
    accepting = false;
    // In-flight requests finish and new connections are refused; queued work stays queued.
    await app.close();
    await runtime.close();
    await sandbox?.close();
  });
}

function reloadCertificateOnHangUp(
  server: TlsServer,
  files: TlsFiles,
  logger: ReturnType<typeof createLogger>,
): void {
  process.on('SIGHUP', () => {
    reloadTlsCredentials(server, files).then(
      () => logger.info({ certFile: files.certFile }, 'TLS certificate reloaded'),
      (err: unknown) => logger.error({ err }, 'TLS certificate reload failed; the previous one stays'),
    );
  });
}
