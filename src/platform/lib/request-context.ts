import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the HTTP request being served, for log lines written by code that only has the
 * process logger (services, repositories). Fastify's own request logger carries it already.
 */
const requestIds = new AsyncLocalStorage<string>();

/** Well-formed incoming request ids are kept; anything else is replaced by a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Answers `incoming` when it is a well-formed request id, else undefined. */
export function wellFormedRequestId(incoming: unknown): string | undefined {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : undefined;
}

/** Runs `work` (and everything it starts) as part of request `requestId`. */
export function runInRequest(requestId: string, work: () => void): void {
  requestIds.run(requestId, work);
}

const requestLoggers = new WeakSet<object>();

/** Marks a logger whose bindings already carry the request id (Fastify's per-request child). */
export function markRequestLogger<T extends object>(logger: T): T {
  requestLoggers.add(logger);
  return logger;
}

/** pino `mixin`: adds `reqId` to lines written while serving a request by a logger without it. */
export function requestIdMixin(_merge: object, _level: number, logger?: object): Record<string, string> {
  const requestId = requestIds.getStore();
  if (requestId === undefined || (logger !== undefined && requestLoggers.has(logger))) return {};
  return { reqId: requestId };
}
