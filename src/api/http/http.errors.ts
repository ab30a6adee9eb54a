import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorBody, invalid, toAppError } from '../../platform/errors/app-error.ts';
import { validationMessage } from './http.validation.ts';
import type { ErrorObject } from 'ajv';

/** Route patterns seen at registration, to tell a wrong method (405) from an unknown path (404). */
function collectRoutePatterns(app: FastifyInstance): Array<{ pattern: RegExp; methods: Set<string> }> {
  const patterns: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  app.addHook('onRoute', (route) => {
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    const pattern = new RegExp(`^${source}/?$`);
    const methods = [route.method].flat();
    const existing = patterns.find((entry) => entry.pattern.source === pattern.source);
    if (existing) methods.forEach((method) => existing.methods.add(method));
    else patterns.push({ pattern, methods: new Set(methods) });
  });
  return patterns;
}

/** A 413 that names the route's limit, so the client knows what to send instead. */
function tooLarge(limitBytes: number | undefined): AppError {
  if (limitBytes === undefined) return new AppError('payload_too_large');
  return new AppError('payload_too_large', `request body too large: the limit is ${limitBytes} bytes`);
}

/** Installs the one error boundary of the HTTP layer: every failure leaves as spec part 7 says. */
export function installErrorHandling(
  app: FastifyInstance,
  fieldHints: Readonly<Record<string, string>>,
): void {
  const patterns = collectRoutePatterns(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error.validation
      ? invalid(
          validationMessage(error.validation as ErrorObject[], error.validationContext ?? 'body', fieldHints),
        )
      : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? tooLarge(request.routeOptions.bodyLimit)
        : toAppError(error);
    if (appError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
    // An error body never goes through the route's success serializer.
    void reply
      .code(appError.httpStatus)
      .headers(appError.headers)
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send(errorBody(appError, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const match = patterns.find((entry) => entry.pattern.test(path));
    const appError = match
      ? new AppError('method_not_allowed', `method ${request.method} not allowed on ${path}`, {
          headers: { allow: [...match.methods].join(', ') },
        })
      : new AppError('not_found', `no route ${request.method} ${path}`);
    void reply.code(appError.httpStatus).headers(appError.headers).send(errorBody(appError, request.id));
  });
}
