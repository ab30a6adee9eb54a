import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { TokenBuckets, type BucketDecision } from '../lib/token-bucket.ts';

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
}

/** What the authentication hook asks of the limits; `createRateLimits` answers it. */
export interface DataApiLimits {
  /**
   * Reserves one failed authentication of the client address before its credentials are checked;
   * throws 429 when the address has none left.
   */
  admit(request: FastifyRequest): void;
  /** Gives the reservation back: the request was not a failed authentication. */
  release(request: FastifyRequest): void;
  /** Takes one request from the account's bucket; sets `RateLimit-*` headers; throws 429 when empty. */
  charge(reply: FastifyReply, accountId: string): void;
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
 * thread pool DNS lookups share) than the allowance. Buckets live in the process: with several API processes each enforces the limits on the
 * traffic it receives.
 */
export function createRateLimits(options: RateLimitOptions): DataApiLimits {
  const accounts = new TokenBuckets(options.ratePerSecond, options.burst);
  const failures = new TokenBuckets(options.authFailuresPerMinute / 60, options.authFailureBurst);
  return {
    admit(request) {
      const decision = failures.take(request.ip);
      if (!decision.allowed) throw rateLimited(decision);
    },
    release(request) {
      failures.refund(request.ip);
    },
    charge(reply, accountId) {
      const decision = accounts.take(accountId);
      void reply.headers({
        'ratelimit-limit': String(decision.limit),
        'ratelimit-remaining': String(decision.remaining),
        'ratelimit-reset': String(decision.resetSeconds),
      });
      if (!decision.allowed) throw rateLimited(decision);
    },
  };
}
