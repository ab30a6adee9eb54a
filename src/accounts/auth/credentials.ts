import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

/** API keys are `svc_live_` followed by 48 base64url characters (spec part 5). */
export const API_KEY_PATTERN = /^svc_live_[A-Za-z0-9_-]{48}$/;

/** A fresh API key: 36 random bytes are exactly 48 base64url characters. */
export function generateApiKey(): string {
  return `svc_live_${randomBytes(36).toString('base64url')}`;
}

/** Hex SHA-256 of a key: the only form in which keys are stored. */
export function hashApiKey(rawKey: string): string {
  return createHash('sha256').update(rawKey, 'utf8').digest('hex');
}

/** Constant-time equality of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Hashes a legacy password with scrypt and a random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** Checks a password against a stored hash (injectable, so tests can watch it run). */
export type PasswordVerifier = (password: string, stored: string) => Promise<boolean>;

/**
 * A well-formed hash no password matches: verified in place of a missing user's, so an unknown
 * username costs the same scrypt as a known one and answer times do not reveal which exist.
 */
export const UNKNOWN_USER_PASSWORD_HASH = `scrypt$${randomBytes(16).toString('hex')}$${randomBytes(32).toString('hex')}`;

/** Checks a password against its stored scrypt hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const hash = await scrypt(password, Buffer.from(saltHex, 'hex'), 32);
  return digestsEqual(hash.toString('hex'), hashHex);
}
