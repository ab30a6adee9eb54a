import { AppError } from '../../platform/errors/app-error.ts';
import type { BucketDecision } from '../../platform/lib/token-bucket.ts';
import { inProcessBuckets, type BucketStore, type BucketStoreFactory } from '../ratelimit/ratelimit.store.ts';

/** Limits of failed sign-ins (decisions G30): per email and per client address. */
export interface LoginLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  /** The time in which a used-up allowance refills completely. */
  windowMs: number;
}

/** A failure reserved for one sign-in attempt; given back when the attempt succeeds. */
export interface LoginReservation {
  release(): Promise<void>;
}

function tooManyFailures(decision: BucketDecision): AppError {
  return new AppError('rate_limited', 'too many failed sign-ins: try again later', {
    headers: { 'retry-after': String(Math.max(1, decision.retryAfterSeconds)) },
  });
}

/**
 * Failed sign-ins per email and per client address, as token buckets (the same semantic as the
 * data API's limits, decisions G14): `maxFailures…` back to back, then one more every
 * `windowMs / maxFailures…`. Every attempt reserves one failure of each before its password is
 * checked, and gives both back when it succeeds: check and count are one atomic step, so 16
 * concurrent wrong passwords check at most the limit's worth of them (issue 22, defect 2). The
 * buckets live where the store keeps them: in this process, or on Redis for every API process.
 */
export class LoginLimiter {
  private readonly emails: BucketStore;
  private readonly addresses: BucketStore;

  constructor(limits: LoginLimits, buckets: BucketStoreFactory = inProcessBuckets) {
    const perSecond = (max: number) => max / (limits.windowMs / 1000);
    this.emails = buckets(
      'sign-in-failures:email',
      perSecond(limits.maxFailuresPerEmail),
      limits.maxFailuresPerEmail,
    );
    this.addresses = buckets(
      'sign-in-failures:address',
      perSecond(limits.maxFailuresPerAddress),
      limits.maxFailuresPerAddress,
    );
  }

  /** Reserves a failure of the email and of the address; throws 429 when either has none left. */
  async reserve(email: string, address: string): Promise<LoginReservation> {
    const emailKey = email.toLowerCase();
    const byEmail = await this.emails.take(emailKey);
    if (!byEmail.allowed) throw tooManyFailures(byEmail);
    const byAddress = await this.addresses.take(address);
    if (!byAddress.allowed) {
      await this.emails.refund(emailKey);
      throw tooManyFailures(byAddress);
    }
    return {
      release: async () => {
        await Promise.all([this.emails.refund(emailKey), this.addresses.refund(address)]);
      },
    };
  }
}
