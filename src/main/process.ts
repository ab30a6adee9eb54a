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

/**
 * A start that failed for a reason the operator fixes by a setting: its message is the one line
 * printed, without a stack or the usage hint (it is not a misuse of the command line).
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * `server.listen` on the port of `variable`; a port another process holds becomes a
 * `StartupError` naming the variable and how to choose another, not a bare `EADDRINUSE`.
 */
export async function listenOn(
  server: { listen(options: { port: number; host: string }): Promise<unknown> },
  variable: string,
  port: number,
  host: string,
): Promise<void> {
  try {
    await server.listen({ port, host });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `${variable}=${port} is already in use on ${host} (another worker or service listens there): ` +
          `set ${variable} to a free port, or ${variable}=0 to let the system pick one (logged at start)`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `${variable}=${port} may not be bound on ${host} by this user: set ${variable} to a port above 1023`,
      );
    }
    throw error;
  }
}

/** Reports a failed start and exits 1: a `StartupError` in one line, anything else with its stack. */
export function exitOnStartFailure(error: unknown): never {
  const detail =
    error instanceof StartupError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`pricecrawl: failed to start: ${detail}\n`);
  process.exit(1);
}
