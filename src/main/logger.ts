import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { requestIdMixin } from '../lib/request-context.ts';

/**
 * Creates the logger (JSON lines on stdout unless `destination` is given); credentials never
 * reach a log line, and lines written while serving a request carry its `reqId`.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    mixin: requestIdMixin,
    redact: [
      'req.headers.authorization',
      'req.headers["x-api-key"]',
      'headers.authorization',
      'headers["x-api-key"]',
      // The dashboard's session and refresh tokens travel in cookies.
      'req.headers.cookie',
      'headers.cookie',
    ],
  };
  return destination ? pino(options, destination) : pino(options);
}
