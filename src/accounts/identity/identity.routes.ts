import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Type } from '@sinclair/typebox';
import { type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  assertCsrfToken,
  clearSessionCookies,
  REFRESH_COOKIE,
  setSessionCookies,
} from './identity.cookies.ts';
import type { ErrorBody, SessionUnauthorized } from '../../platform/openapi/openapi.schemas.ts';
import {
  InternalError,
  sessionResponses,
  type SessionResponseOptions,
} from '../../platform/openapi/openapi.schemas.ts';
import {
  JwksResponse,
  LoginBody,
  LogoutResponse,
  PasswordSignInOff,
  RefreshBody,
  SessionResponse,
} from './identity.schema.ts';
import { refreshSession, signIn, signOut, type Identity, type SessionTokens } from './identity.service.ts';

const TAGS = ['identity'];

/**
 * Sign-in and the refresh token are how a session is obtained, so these routes take no session
 * (OpenAPI `security: []`): the refresh token travels in the body or in the refresh cookie.
 */
const NO_SECURITY: { [scheme: string]: string[] }[] = [];

/** The responses of a sign-in route, typed by status so the handler's answer is checked. */
function signInResponses<S extends TSchema>(
  success: S,
  options: SessionResponseOptions & { passwordSignIn?: boolean },
) {
  const { 200: answer, ...refusals } = sessionResponses(success, { body: true, ...options });
  // 404 also when password sign-in is off: an OpenID Connect provider issues the sessions.
  if (options.passwordSignIn) refusals[404] = PasswordSignInOff;
  return {
    ...(refusals as Record<number, typeof ErrorBody | typeof SessionUnauthorized>),
    200: answer as ReturnType<typeof Type.Union<[S, typeof ErrorBody]>>,
  };
}

/** Sign-in, refresh, logout and the public keys of session tokens (decisions G30). */
export async function identityRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config },
  identity: Identity,
): Promise<void> {
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
        security: NO_SECURITY,
        body: LoginBody,
        response: signInResponses(SessionResponse, { limit: 'sign-ins', passwordSignIn: true }),
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
        security: NO_SECURITY,
        body: RefreshBody,
        response: signInResponses(SessionResponse, {
          csrf: true,
          limit: 'none',
          passwordSignIn: true,
        }),
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
        security: NO_SECURITY,
        body: RefreshBody,
        response: signInResponses(LogoutResponse, { csrf: true, limit: 'none' }),
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
        security: NO_SECURITY,
        response: { 200: JwksResponse, 500: InternalError },
      },
    },
    async () => identity.keyring.jwks(),
  );
}
