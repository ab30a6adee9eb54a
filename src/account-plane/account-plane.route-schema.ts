import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody, okOrError, SESSION_ERROR_RESPONSES } from '../identity/identity.schema.ts';

/** The OpenAPI security requirement of every account-plane route: a session bearer token. */
export const SESSION_SECURITY = [{ session: [] }];

/**
 * The schema of one account-plane route: its own parts plus the answers every such route may give
 * (401 without a valid session, 403 without the CSRF token, 404, 429), so `/openapi.json` shows it whole.
 */
export function accountRouteSchema<
  R extends TSchema,
  P extends { querystring?: TSchema; params?: TSchema; body?: TSchema },
>(operationId: string, description: string, parts: P, response: R) {
  return {
    operationId,
    description,
    tags: ['account'],
    security: SESSION_SECURITY,
    ...parts,
    response: { 200: okOrError(response), 404: ErrorBody, ...SESSION_ERROR_RESPONSES },
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
