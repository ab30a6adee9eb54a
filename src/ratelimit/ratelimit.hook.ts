import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { TokenBuckets } from '../lib/token-bucket.ts';

/** The presented credential (hashed, never kept raw), or the client address without one. */
function credentialKey(request: FastifyRequest): string {
  const credential = request.headers['x-api-key'] ?? request.headers.authorization;
  if (typeof credential === 'string' && credential !== '') {
    return `c:${createHash('sha256').update(credential).digest('hex')}`;
  }
  return `ip:${request.ip}`;
}

/**
 * decisions G14: a token bucket per credential on the data API. Every answer carries the
 * `RateLimit-*` headers; a refused one is a 429 with `Retry-After`. Buckets live in the process,
 * so with several API processes each enforces the limit on the traffic it receives.
 */
export function installRateLimit(
  app: FastifyInstance,
  options: { ratePerSecond: number; burst: number },
): void {
  const buckets = new TokenBuckets(options.ratePerSecond, options.burst);
  app.addHook('onRequest', async (request, reply) => {
    const decision = buckets.take(credentialKey(request));
    void reply.headers({
      'ratelimit-limit': String(decision.limit),
      'ratelimit-remaining': String(decision.remaining),
      'ratelimit-reset': String(decision.resetSeconds),
    });
    if (!decision.allowed) {
      throw new AppError('rate_limited', undefined, {
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      });
    }
  });
}
