import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from '../../platform/errors/app-error.ts';
import { TokenBuckets } from '../../platform/lib/token-bucket.ts';
import type { BucketStoreFactory } from '../ratelimit/ratelimit.store.ts';
import { LoginLimiter } from './identity.limiter.ts';

/** In-process buckets on a clock the test moves. */
function bucketsAt(clock: { now: number }): BucketStoreFactory {
  return (_name, ratePerSecond, burst) => {
    const buckets = new TokenBuckets(ratePerSecond, burst, 100, () => clock.now);
    return { take: async (key) => buckets.take(key), refund: async (key) => buckets.refund(key) };
  };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

describe('the sign-in failure limiter', () => {
  it('refuses an email once its failures used the allowance, and regains one per window ÷ limit', async () => {
    const clock = { now: 0 };
    const limiter = new LoginLimiter(
      { maxFailuresPerEmail: 2, maxFailuresPerAddress: 100, windowMs: 60_000 },
      bucketsAt(clock),
    );
    await limiter.reserve('A@x.test', '10.0.0.1');
    await limiter.reserve('a@x.test', '10.0.0.2');
    const error = await refusal(() => limiter.reserve('a@x.test', '10.0.0.9'));
    assert.equal(error?.httpStatus, 429);
    assert.equal(error?.message, 'too many failed sign-ins: try again later');
    assert.equal(error?.headers['retry-after'], '30');
    clock.now = 30_000;
    assert.equal(await refusal(() => limiter.reserve('a@x.test', '10.0.0.9')), undefined);
    assert.equal((await refusal(() => limiter.reserve('a@x.test', '10.0.0.9')))?.httpStatus, 429);
  });

  it('refuses a client address that failed with many different emails', async () => {
    const limiter = new LoginLimiter({
      maxFailuresPerEmail: 100,
      maxFailuresPerAddress: 3,
      windowMs: 60_000,
    });
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test']) await limiter.reserve(email, '10.0.0.1');
    assert.equal((await refusal(() => limiter.reserve('d@x.test', '10.0.0.1')))?.httpStatus, 429);
    assert.equal(await refusal(() => limiter.reserve('d@x.test', '10.0.0.2')), undefined);
  });

  it('counts a released reservation (a sign-in that succeeded) as no failure', async () => {
    const limiter = new LoginLimiter({ maxFailuresPerEmail: 1, maxFailuresPerAddress: 1, windowMs: 60_000 });
    for (let round = 0; round < 5; round += 1) {
      const reservation = await limiter.reserve('a@x.test', '10.0.0.1');
      await reservation.release();
    }
    assert.equal(await refusal(() => limiter.reserve('a@x.test', '10.0.0.1')), undefined);
  });

  it('lets no more concurrent attempts through than the limit, and leaves the address its share', async () => {
    const limiter = new LoginLimiter({
      maxFailuresPerEmail: 5,
      maxFailuresPerAddress: 100,
      windowMs: 60_000,
    });
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () => refusal(() => limiter.reserve('a@x.test', '10.0.0.1'))),
    );
    assert.equal(outcomes.filter((outcome) => outcome === undefined).length, 5);
    // The 11 refused by email took nothing from the address: 95 of its 100 remain.
    for (let attempt = 0; attempt < 95; attempt += 1) await limiter.reserve(`u${attempt}@x.test`, '10.0.0.1');
    assert.equal((await refusal(() => limiter.reserve('z@x.test', '10.0.0.1')))?.httpStatus, 429);
  });
});
