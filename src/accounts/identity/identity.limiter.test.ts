import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from '../../platform/errors/app-error.ts';
import { LoginLimiter } from './identity.limiter.ts';

function refusal(run: () => void): AppError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

describe('the identity login limiter', () => {
  it('refuses an email after its failures reached the limit and names a retry time', () => {
    let now = 0;
    const limiter = new LoginLimiter(
      { maxFailuresPerEmail: 2, maxFailuresPerAddress: 100, windowMs: 60_000 },
      () => now,
    );
    limiter.recordFailure('A@x.test', '10.0.0.1');
    assert.equal(
      refusal(() => limiter.assertAllowed('a@x.test', '10.0.0.9')),
      undefined,
    );
    limiter.recordFailure('a@x.test', '10.0.0.2');
    const error = refusal(() => limiter.assertAllowed('a@x.test', '10.0.0.9'));
    assert.equal(error?.httpStatus, 429);
    assert.equal(error?.headers['retry-after'], '60');
    now = 60_000;
    assert.equal(
      refusal(() => limiter.assertAllowed('a@x.test', '10.0.0.9')),
      undefined,
    );
  });

  it('refuses a client address that failed with many different emails', () => {
    const limiter = new LoginLimiter({
      maxFailuresPerEmail: 100,
      maxFailuresPerAddress: 3,
      windowMs: 60_000,
    });
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test']) limiter.recordFailure(email, '10.0.0.1');
    assert.equal(refusal(() => limiter.assertAllowed('d@x.test', '10.0.0.1'))?.httpStatus, 429);
    assert.equal(
      refusal(() => limiter.assertAllowed('d@x.test', '10.0.0.2')),
      undefined,
    );
  });

  it('clears an email count on success', () => {
    const limiter = new LoginLimiter({
      maxFailuresPerEmail: 1,
      maxFailuresPerAddress: 100,
      windowMs: 60_000,
    });
    limiter.recordFailure('a@x.test', '10.0.0.1');
    limiter.recordSuccess('a@x.test');
    assert.equal(
      refusal(() => limiter.assertAllowed('a@x.test', '10.0.0.2')),
      undefined,
    );
  });
});
