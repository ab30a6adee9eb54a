import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Account } from '../accounts/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { authenticate } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated account of a data-API request. */
    account: Account | null;
  }
}

/** Requires data-API credentials on every route registered in `app` (an encapsulated scope). */
export function requireDataApiAuth(app: FastifyInstance, db: Db, jwtSecret: Uint8Array): void {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    request.account = await authenticate(db, jwtSecret, request.headers);
  });
}

/** The request's account; routes behind `requireDataApiAuth` always have one. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new Error('route is not behind requireDataApiAuth');
  return request.account;
}
