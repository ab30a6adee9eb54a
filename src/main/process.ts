import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import type { SourceCountries } from '../platform/config/config.crawl-limits.ts';

/**
 * Reads the configuration or stops the process naming every bad variable (startup contract).
 * `sources` are the countries each source serves (`builtInSourceCountries()`), which `CRAWL_LIMITS`
 * is checked against; a caller passes them in, so that this module does not load the source
 * registry (and its HTML parser) into a process that never crawls, such as the sandbox's.
 */
export function readConfigOrExit(sources: SourceCountries | undefined): Config {
  try {
    return loadConfig(undefined, sources);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`pricecrawl: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Runs `stop` once on SIGTERM or SIGINT, then exits 0 (1 when stopping failed). */
export function onShutdownSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Reports a failed start and exits 1. */
export function exitOnStartFailure(error: unknown): never {
  process.stderr.write(
    `pricecrawl: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
}
