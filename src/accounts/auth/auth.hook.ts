import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts/accounts.table.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { authenticate } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated account of a data-API request. */
    account: Account | null;
  }
}

/** The limits around authentication (implemented by `ratelimit/ratelimit.service.ts`). */
export interface AuthenticationLimits {
  /** Reserves a failed authentication of the client address; throws 429 when none is left. */
  admit(request: FastifyRequest): Promise<void>;
  /** Returns the reservation of a request that did not fail to authenticate. */
  release(request: FastifyRequest): Promise<void>;
  /** Charges the authenticated account's request bucket; throws 429 when it is empty. */
  charge(reply: FastifyReply, accountId: string): Promise<void>;
}

/** Requires data-API credentials on every route registered in `app` (an encapsulated scope). */
export function requireDataApiAuth(
  app: FastifyInstance,
  db: Db,
  jwtSecret: Uint8Array,
  limits: AuthenticationLimits,
): void {
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request, reply) => {
    await limits.admit(request);
    let account: Account;
    try {
      account = await authenticate(db, jwtSecret, request.headers);
    } catch (error) {
      // Only wrong credentials spend the address's allowance (a suspended account or a fault do not).
      if (!(error instanceof AppError && error.code === 'unauthenticated')) await limits.release(request);
      throw error;
    }
    await limits.release(request);
    await limits.charge(reply, account.id);
    request.account = account;
  });
}

/** The request's account; routes behind `requireDataApiAuth` always have one. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new Error('route is not behind requireDataApiAuth');
  return request.account;
}
