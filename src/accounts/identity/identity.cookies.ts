import type {} from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import { secretsEqual } from '../../platform/lib/secrets.ts';
import type { SessionTokens } from './identity.service.ts';

/**
 * The dashboard's cookie session (decisions G17). The session token and the refresh token travel
 * in HttpOnly SameSite=Strict cookies that scripts cannot read; the CSRF token is a readable
 * cookie the dashboard's script copies into the `x-csrf-token` header of every change
 * (double submit): a cross-site page can make the browser send cookies but cannot read them.
 */
export const SESSION_COOKIE = 'pc_session';
export const REFRESH_COOKIE = 'pc_refresh';
export const CSRF_COOKIE = 'pc_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Sets the three cookies of a dashboard login or refresh. */
export function setSessionCookies(
  reply: FastifyReply,
  tokens: SessionTokens,
  settings: { secure: boolean; refreshTokenTtlSeconds: number },
): void {
  const common = { httpOnly: true, sameSite: 'strict' as const, secure: settings.secure };
  void reply.setCookie(SESSION_COOKIE, tokens.token, { ...common, path: '/v1', maxAge: tokens.expiresIn });
  void reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...common,
    path: '/v1/auth',
    maxAge: settings.refreshTokenTtlSeconds,
  });
  void reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
    ...common,
    httpOnly: false,
    path: '/',
    maxAge: settings.refreshTokenTtlSeconds,
  });
}

/** Removes the dashboard's cookies (logout). */
export function clearSessionCookies(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/v1' });
  void reply.clearCookie(REFRESH_COOKIE, { path: '/v1/auth' });
  void reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** Refuses a cookie-authenticated request whose `x-csrf-token` header is not its CSRF cookie. */
export function assertCsrfToken(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE] ?? '';
  const header = request.headers[CSRF_HEADER];
  const sent = typeof header === 'string' ? header : '';
  if (cookie === '' || !secretsEqual(sent, cookie)) throw new AppError('csrf_rejected');
}

/** True for methods that change state and so need the CSRF token when a cookie authenticates. */
export function changesState(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
