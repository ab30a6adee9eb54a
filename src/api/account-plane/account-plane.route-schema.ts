import type { Type } from '@sinclair/typebox';
import { type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../accounts/identity/identity.cookies.ts';
import type { ErrorBody, SessionUnauthorized } from '../../platform/openapi/openapi.schemas.ts';
import { sessionResponses } from '../../platform/openapi/openapi.schemas.ts';

/**
 * The OpenAPI security of every account-plane route: a session token as `Authorization: Bearer`
 * (programs) or in the HttpOnly session cookie (the dashboard, with the CSRF header on changes).
 */
export const SESSION_SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { sessionCookie: [] }];

/** The OpenAPI security schemes {@link SESSION_SECURITY} names, for the document's components. */
export const SESSION_SECURITY_SCHEMES = {
  session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
} as const;

type Refusal = typeof ErrorBody | typeof SessionUnauthorized;
type OkOrError<R extends TSchema> = ReturnType<typeof Type.Union<[R, typeof ErrorBody]>>;

/** What an account-plane route can refuse beyond the refusals every such route shares. */
export interface AccountRouteOptions {
  /** The route changes state: with the session cookie it needs the CSRF header (403). */
  changesState?: boolean;
  /** The route names a resource that may not exist for this account (404 names it). */
  notFound?: string;
}

/**
 * The schema of one account-plane route: its own parts plus the answers every such route may give
 * (400/413/415 for a body, 401 without a valid session, 403 without the CSRF token on a change,
 * 404, 429, 500), so `/openapi.json` shows it whole.
 */
export function accountRouteSchema<
  R extends TSchema,
  P extends { querystring?: TSchema; params?: TSchema; body?: TSchema },
>(operationId: string, description: string, parts: P, response: R, options: AccountRouteOptions = {}) {
  const { 200: answer, ...refusals } = sessionResponses(response, {
    body: parts.body !== undefined,
    csrf: options.changesState === true,
    ...(options.notFound === undefined ? {} : { notFound: options.notFound }),
  });
  return {
    operationId,
    description,
    tags: ['account'],
    security: SESSION_SECURITY,
    ...parts,
    // Typed by status so the handlers' return values are checked against the success body.
    response: { ...(refusals as Record<number, Refusal>), 200: answer as OkOrError<R> },
  };
}

/**
 * Account-plane answers are written with JSON.stringify: the response schemas document them (and
 * type-check the handlers), while a `{error:true, message}` answer on a 200 never meets a
 * serializer that expects the success shape.
 */
export function useJsonSerializer(scope: FastifyInstance): void {
  scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
