import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createLogger } from './logger.ts';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.ts';

/** What an API process starts before it loads the service's modules. */
export interface ApiProcessStart {
  logger: Logger;
  /** The sandbox child when `SANDBOX_ENABLED`; resolves once it listens. */
  sandbox: Promise<SandboxProcess> | undefined;
}

/**
 * The first steps of an API process, which need few modules: the logger, and the fork of the
 * sandbox marketplaces, which then load their modules on the second core while this process loads
 * and opens the service (`npm start` runs this first, docs/performance.md "Start time").
 */
export function startApiProcess(config: Config): ApiProcessStart {
  if (config.role === 'worker') throw new Error('ROLE=worker serves no API; run npx pricecrawl worker');
  const logger = createLogger(config);
  const sandbox = config.sandboxEnabled ? startSandboxProcess(logger) : undefined;
  // Awaited once the app is built; a failure meanwhile must not count as unhandled before that.
  sandbox?.catch(() => {});
  return { logger, sandbox };
}
