import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { accountJobsRoutes } from './api/account-plane/account-plane.jobs.routes.ts';
import {
  SESSION_SECURITY_SCHEMES,
  useJsonSerializer,
} from './api/account-plane/account-plane.route-schema.ts';
import { accountPlaneRoutes } from './api/account-plane/account-plane.routes.ts';
import { accountDashboardRoutes } from './api/account-plane/account-plane.dashboard.routes.ts';
import { requireDataApiAuth } from './accounts/auth/auth.hook.ts';
import { dashboardRoutes } from './api/dashboard/dashboard.routes.ts';
import { healthRoutes, type HealthDeps } from './api/health/health.routes.ts';
import { historyRoutes } from './api/history/history.routes.ts';
import type { HistoryDeps } from './api/history/history.service.ts';
import type { JobsDeps } from './api/jobs/jobs.service.ts';
import type { StreamsDeps } from './api/streams/streams.service.ts';
import type { BucketStoreFactory } from './accounts/ratelimit/ratelimit.store.ts';
import type { Config } from './config.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import type { Logger } from 'pino';
import { installErrorHandling } from './api/http/http.errors.ts';
import { installStreamingJsonParser } from './api/http/http.json-stream.ts';
import { installLingeringClose } from './api/http/http.linger.ts';
import { optionalDefaultedParameters } from './api/http/http.openapi.ts';
import { installTextGuard } from './api/http/http.text.ts';
import type { TlsCredentials } from './api/http/http.tls.ts';
import { lazySerializers } from './api/http/http.serialization.ts';
import { validatorCompiler } from './api/http/http.validation.ts';
import { requireDashboardSession, sessionOf } from './accounts/identity/identity.hook.ts';
import { identityRoutes } from './accounts/identity/identity.routes.ts';
import { createIdentity } from './accounts/identity/identity.service.ts';
import { jobsRoutes } from './api/jobs/jobs.routes.ts';
import { DELIVERY_WEBHOOKS } from './api/jobs/jobs.webhooks.schema.ts';
import { markRequestLogger, runInRequest, wellFormedRequestId } from './platform/lib/request-context.ts';
import { metricsRoutes } from './platform/metrics/metrics.routes.ts';
import { createRateLimits } from './accounts/ratelimit/ratelimit.service.ts';
import { FIELD_HINTS } from './pipeline/submissions/submissions.schema.ts';
import { streamsRoutes } from './api/streams/streams.routes.ts';

/**
 * What the HTTP app is built from: what its features take, together. Made once per process by
 * `main/runtime.ts`; each feature is handed only its own part.
 */
export interface AppServices extends JobsDeps, StreamsDeps, HistoryDeps, HealthDeps {
  config: Config;
  logger: Logger;
  /** Prometheus metrics of this process (decisions G33), shown by `GET /metrics`. */
  metrics: Metrics;
  /** Where the API's rate-limit buckets live (Redis in distributed mode); absent, in this process. */
  rateLimitStore?: BucketStoreFactory;
}

/** Options of the HTTP app that are not services. */
export interface AppOptions {
  jwtSecret: Uint8Array;
  /** Answers false once shutdown began, so `/health` stops reporting ready. */
  isAccepting?: () => boolean;
  /** Serve HTTPS with this certificate and key (`TLS_CERT_FILE`, `TLS_KEY_FILE`); plain HTTP without. */
  https?: TlsCredentials;
}

/** Builds the HTTP app (never listens: `main/server.ts` does). */
export async function buildApp(deps: AppServices, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    // decisions G33: a well-formed incoming `x-request-id` is kept, else a fresh one is made.
    genReqId: (request) => wellFormedRequestId(request.headers['x-request-id']) ?? randomUUID(),
    childLoggerFactory: (logger, bindings, options) => markRequestLogger(logger.child(bindings, options)),
    routerOptions: { ignoreTrailingSlash: true },
    // Response serializers are built on first use, not at start (http/http.serialization.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // Behind a load balancer the client is named in X-Forwarded-For; `request.ip` then keys the
    // failed-authentication limit by the real client, not by the balancer.
    trustProxy: deps.config.trustProxy,
    // An HTTP/1.1 HTTPS server, so `server.setSecureContext` can swap its certificate on SIGHUP.
    ...(options.https ? { https: options.https, http2: false } : {}),
  }) as FastifyInstance;
  // Lines the services log while serving a request carry its id too (lib/request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => runInRequest(request.id, done));
  app.addHook('onResponse', async (request, reply) => {
    deps.metrics.request(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode);
  });
  app.setValidatorCompiler(validatorCompiler);
  // The data API speaks JSON only; a text body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app, FIELD_HINTS);
  installLingeringClose(app, { maxBytes: deps.config.lingerMaxBytes, maxMs: deps.config.lingerMaxMs });
  installTextGuard(app);
  // decisions G19: every response carries the interface version.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-api-version', '4.0').header('x-request-id', request.id);
  });

  // The OpenAPI document is generated from the same schemas that validate requests.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pricecrawl data API',
        version: '4.0',
        description:
          'Self-hostable price data crawl service (interface specification 4.0). Every 200 body of ' +
          'the data API carries `error`; when it is true, `message` explains. Every answer carries ' +
          '`X-Api-Version: 4.0` and `X-Request-Id`.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
          basic: { type: 'http', scheme: 'basic' },
          // The account plane's dashboard session (decisions G17, G30).
          ...SESSION_SECURITY_SCHEMES,
        },
      },
      security: [{ apiKey: [] }, { bearer: [] }, { basic: [] }],
      // What a callback_url receives: the delivery body, changes included (decisions G40).
      webhooks: DELIVERY_WEBHOOKS,
    },
    transformObject: (document) =>
      optionalDefaultedParameters(
        'openapiObject' in document ? document.openapiObject : document.swaggerObject,
      ),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(cookie);
  // The docs page and its assets are served from the package, never from a CDN.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null, deepLinking: true },
    logLevel: 'warn',
  });
  await app.register(async (scope) => healthRoutes(scope, deps, options.isAccepting ?? (() => true)));
  await app.register(async (scope) => metricsRoutes(scope, deps.metrics, deps.config.metricsToken));
  await app.register(async (scope) => {
    const limits = createRateLimits(
      {
        ratePerSecond: deps.config.rateLimitPerSecond,
        burst: deps.config.rateLimitBurst,
        authFailureBurst: deps.config.authFailureBurst,
        authFailuresPerMinute: deps.config.authFailuresPerMinute,
        scope: 'data-api',
      },
      deps.rateLimitStore,
    );
    requireDataApiAuth(scope, deps.db, options.jwtSecret, limits);
    // Submissions of up to 128 MiB are parsed as they arrive, with turns of the event loop between.
    installStreamingJsonParser(scope);
    await jobsRoutes(scope, deps);
    await historyRoutes(scope, deps);
    await streamsRoutes(scope, deps);
  });
  // The account plane: sign-in and `/v1/account/*` take dashboard sessions, never API keys.
  const identity = await createIdentity(deps);
  await app.register(async (scope) => {
    useJsonSerializer(scope);
    await identityRoutes(scope, deps, identity);
  });
  await app.register(async (scope) => {
    const limits = createRateLimits(
      {
        ratePerSecond: deps.config.rateLimitPerSecond,
        burst: deps.config.rateLimitBurst,
        authFailureBurst: deps.config.authFailureBurst,
        authFailuresPerMinute: deps.config.authFailuresPerMinute,
        scope: 'account-plane',
      },
      deps.rateLimitStore,
    );
    useJsonSerializer(scope);
    requireDashboardSession(scope, deps.db, identity);
    // Registered after the session hook, so each account's requests spend its own bucket (G14).
    scope.addHook('onRequest', async (request, reply) => limits.charge(reply, sessionOf(request).account.id));
    await accountPlaneRoutes(scope, deps);
    await accountJobsRoutes(scope, deps);
    await accountDashboardRoutes(scope, deps);
  });
  await app.register(async (scope) => dashboardRoutes(scope));
  return app;
}

/**
 * The HTTP face of a process without the API (a worker): `/health` (readiness), `/health/live` and
 * `/metrics` only, on `HEALTH_PORT` (and on `WORKER_METRICS_PORT` when that is set too).
 */
export async function buildOperationsApp(
  deps: Pick<AppServices, 'logger' | 'metrics' | 'config' | 'pingDatabase'>,
  isAccepting: () => boolean = () => true,
): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: deps.logger as FastifyBaseLogger });
  installErrorHandling(app, {});
  // Probes and scrapes every few seconds would drown the worker's log at info.
  await app.register(
    async (scope) => {
      await healthRoutes(scope, deps, isAccepting);
      await metricsRoutes(scope, deps.metrics, deps.config.metricsToken);
    },
    { logLevel: 'warn' },
  );
  return app;
}
