import { AppError } from '../../platform/errors/app-error.ts';

/** Limits of failed sign-ins (decisions G30): per address and per client address, in one window. */
export interface LoginLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

/**
 * Counts failed sign-ins per email and per client address in a fixed window and refuses with 429
 * once either count reached its limit. Counts live in the process: each API process limits the
 * sign-ins it serves (docs/account.md).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; windowEndsAt: number }>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 `too many failed sign-ins` with `Retry-After` when either count is exhausted. */
  assertAllowed(email: string, address: string): void {
    const waits = [
      this.waitMs(`email:${email.toLowerCase()}`, this.limits.maxFailuresPerEmail),
      this.waitMs(`address:${address}`, this.limits.maxFailuresPerAddress),
    ];
    const waitMs = Math.max(...waits);
    if (waitMs > 0) {
      throw new AppError('rate_limited', 'too many failed sign-ins: try again later', {
        headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
      });
    }
  }

  recordFailure(email: string, address: string): void {
    this.bump(`email:${email.toLowerCase()}`);
    this.bump(`address:${address}`);
  }

  /** A successful sign-in clears the email's count (the address keeps its own). */
  recordSuccess(email: string): void {
    this.failures.delete(`email:${email.toLowerCase()}`);
  }

  private waitMs(key: string, limit: number): number {
    const entry = this.failures.get(key);
    if (!entry || entry.windowEndsAt <= this.now()) return 0;
    return entry.count >= limit ? entry.windowEndsAt - this.now() : 0;
  }

  private bump(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.windowEndsAt <= now) {
      this.failures.set(key, { count: 1, windowEndsAt: now + this.limits.windowMs });
      this.sweep(now);
    } else {
      entry.count += 1;
    }
  }

  /** Drops ended windows so a flood of distinct addresses cannot grow the map without bound. */
  private sweep(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, entry] of this.failures) if (entry.windowEndsAt <= now) this.failures.delete(key);
  }
}
