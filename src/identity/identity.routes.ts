import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.deps.ts';
import { AppError } from '../errors/app-error.ts';
import {
  assertCsrfToken,
  clearSessionCookies,
  REFRESH_COOKIE,
  setSessionCookies,
} from './identity.cookies.ts';
import {
  ErrorBody,
  JwksResponse,
  LoginBody,
  LogoutResponse,
  RateLimitedBody,
  RefreshBody,
  SessionResponse,
  UnauthorizedBody,
  CsrfRejectedBody,
} from './identity.schema.ts';
import { refreshSession, signIn, signOut, type Identity, type SessionTokens } from './identity.service.ts';

const TAGS = ['identity'];

/** Sign-in, refresh, logout and the public keys of session tokens (decisions G30). */
export async function identityRoutes(app: FastifyInstance, deps: AppDeps, identity: Identity): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const cookieSettings = {
    secure: deps.config.sessionCookieSecure,
    refreshTokenTtlSeconds: identity.refreshTokenTtlSeconds,
  };

  function answer(reply: FastifyReply, tokens: SessionTokens, asCookie: boolean) {
    if (!asCookie) {
      return {
        error: false as const,
        token: tokens.token,
        token_type: 'Bearer' as const,
        expires_in: tokens.expiresIn,
        refresh_token: tokens.refreshToken,
      };
    }
    setSessionCookies(reply, tokens, cookieSettings);
    return { error: false as const, token_type: 'cookie' as const, expires_in: tokens.expiresIn };
  }

  /** The refresh token of a request: the body field (programs) or the cookie (dashboard, CSRF-checked). */
  function refreshTokenOf(request: FastifyRequest, body: { refresh_token?: string } | undefined) {
    if (body?.refresh_token) return { token: body.refresh_token, viaCookie: false };
    const cookie = request.cookies[REFRESH_COOKIE];
    if (!cookie) throw new AppError('unauthorized', 'missing refresh token: send refresh_token');
    assertCsrfToken(request);
    return { token: cookie, viaCookie: true };
  }

  routes.post(
    '/v1/auth/login',
    {
      schema: {
        operationId: 'login',
        tags: TAGS,
        description:
          'Signs a dashboard user in with email and password. Answers a session JWT (at most 15 minutes) and a single-use refresh token, or with `cookie: true` sets them as HttpOnly cookies.',
        body: LoginBody,
        response: { 200: SessionResponse, 401: UnauthorizedBody, 404: ErrorBody, 429: RateLimitedBody },
      },
    },
    async (request, reply) => {
      const tokens = await signIn(deps.db, identity, { ...request.body, address: request.ip });
      return answer(reply, tokens, request.body.cookie === true);
    },
  );

  routes.post(
    '/v1/auth/refresh',
    {
      schema: {
        operationId: 'refreshSession',
        tags: TAGS,
        description:
          'Trades a refresh token (body field or cookie) for a new session token and a new refresh token; the old refresh token is used up.',
        body: RefreshBody,
        response: { 200: SessionResponse, 401: UnauthorizedBody, 403: CsrfRejectedBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { token, viaCookie } = refreshTokenOf(request, request.body);
      return answer(reply, await refreshSession(deps.db, identity, token), viaCookie);
    },
  );

  routes.post(
    '/v1/auth/logout',
    {
      schema: {
        operationId: 'logout',
        tags: TAGS,
        description:
          'Ends the login of a refresh token (body field or cookie): the refresh token and every session token of that login stop working.',
        body: RefreshBody,
        response: { 200: LogoutResponse, 401: UnauthorizedBody, 403: CsrfRejectedBody },
      },
    },
    async (request, reply) => {
      const { token, viaCookie } = refreshTokenOf(request, request.body);
      await signOut(deps.db, token);
      if (viaCookie) clearSessionCookies(reply);
      return { error: false as const };
    },
  );

  routes.get(
    '/.well-known/jwks.json',
    {
      schema: {
        operationId: 'sessionJwks',
        tags: TAGS,
        description:
          'Public keys that verify session tokens, including retired keys whose tokens may still be alive.',
        response: { 200: JwksResponse },
      },
    },
    async () => identity.keyring.jwks(),
  );
}
