import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { assertCsrfToken, changesState, SESSION_COOKIE } from './identity.cookies.ts';
import { authenticateSession, type DashboardSession, type Identity } from './identity.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an account-plane request. */
    dashboardSession: DashboardSession | null;
  }
}

/**
 * Requires a dashboard session on every route of `scope` (decisions G17, G31): `Authorization:
 * Bearer <session token>` for programs, the HttpOnly cookie plus the CSRF header for the
 * dashboard. API keys are refused here whatever form they come in: the planes never mix.
 */
export function requireDashboardSession(scope: FastifyInstance, db: Db, identity: Identity): void {
  scope.decorateRequest('dashboardSession', null);
  scope.addHook('onRequest', async (request) => {
    request.dashboardSession = await authenticateRequest(db, identity, request);
  });
}

async function authenticateRequest(
  db: Db,
  identity: Identity,
  request: FastifyRequest,
): Promise<DashboardSession> {
  const apiKeyRefused = new AppError(
    'unauthorized',
    'API keys do not authenticate /v1/account: sign in for a session',
  );
  if (request.headers['x-api-key'] !== undefined) throw apiKeyRefused;
  const authorization = request.headers.authorization?.trim();
  if (authorization) {
    const match = /^bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) throw new AppError('unauthorized', 'send Authorization: Bearer <session token>');
    if (match[1].startsWith('svc_')) throw apiKeyRefused;
    return authenticateSession(db, identity, match[1]);
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) {
    if (changesState(request.method)) assertCsrfToken(request);
    return authenticateSession(db, identity, cookie);
  }
  throw new AppError('unauthorized', 'missing session: send Authorization: Bearer <session token>');
}

/** The request's session; routes behind `requireDashboardSession` always have one. */
export function sessionOf(request: FastifyRequest): DashboardSession {
  if (!request.dashboardSession) throw new Error('route is not behind requireDashboardSession');
  return request.dashboardSession;
}
