import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import type { BucketDecision } from '../../platform/lib/token-bucket.ts';
import { inProcessBuckets, type BucketStoreFactory } from './ratelimit.store.ts';

/** Settings of the data API's limits (decisions G14), from `src/config.ts`. */
export interface RateLimitOptions {
  /** Steady requests per second of one account. */
  ratePerSecond: number;
  /** Requests an account may make back to back. */
  burst: number;
  /** Failed authentications one client address may make back to back. */
  authFailureBurst: number;
  /** Failed authentications per minute an address regains after its burst. */
  authFailuresPerMinute: number;
  /** Tells apart limits kept in one shared store (default `api`). */
  scope?: string;
}

/** What the authentication hook asks of the limits; `createRateLimits` answers it. */
export interface DataApiLimits {
  /**
   * Reserves one failed authentication of the client address before its credentials are checked;
   * throws 429 when the address has none left.
   */
  admit(request: FastifyRequest): Promise<void>;
  /** Gives the reservation back: the request was not a failed authentication. */
  release(request: FastifyRequest): Promise<void>;
  /** Takes one request from the account's bucket; sets `RateLimit-*` headers; throws 429 when empty. */
  charge(reply: FastifyReply, accountId: string): Promise<void>;
}

function rateLimited(decision: BucketDecision): AppError {
  return new AppError('rate_limited', undefined, {
    headers: { 'retry-after': String(Math.max(1, decision.retryAfterSeconds)) },
  });
}

/**
 * decisions G14: a token bucket per account, charged after authentication so every way of writing
 * the same credential (header, scheme case, spacing, another key of the account) spends one
 * bucket. Failed authentications are limited per client address (`request.ip`, which honours
 * `TRUST_PROXY`): every attempt reserves one before any credential is verified and gets it back
 * unless it failed, so even concurrent guesses cannot run more password hashes (scrypt, on the
 * thread pool DNS lookups share) than the allowance. The buckets live where `buckets` keeps them:
 * in the process (embedded default) or on Redis, where every API process spends the same ones.
 */
export function createRateLimits(
  options: RateLimitOptions,
  buckets: BucketStoreFactory = inProcessBuckets,
): DataApiLimits {
  const accounts = buckets(`${options.scope ?? 'api'}:accounts`, options.ratePerSecond, options.burst);
  const failures = buckets(
    `${options.scope ?? 'api'}:auth-failures`,
    options.authFailuresPerMinute / 60,
    options.authFailureBurst,
  );
  return {
    async admit(request) {
      const decision = await failures.take(request.ip);
      if (!decision.allowed) throw rateLimited(decision);
    },
    async release(request) {
      await failures.refund(request.ip);
    },
    async charge(reply, accountId) {
      const decision = await accounts.take(accountId);
      void reply.headers({
        'ratelimit-limit': String(decision.limit),
        'ratelimit-remaining': String(decision.remaining),
        'ratelimit-reset': String(decision.resetSeconds),
      });
      if (!decision.allowed) throw rateLimited(decision);
    },
  };
}
