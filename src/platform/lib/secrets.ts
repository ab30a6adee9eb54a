import { createHash, timingSafeEqual } from 'node:crypto';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Constant-time equality of a presented secret and the expected one, compared as SHA-256 digests:
 * digests are always 32 bytes, so neither a different length nor characters of several UTF-8 bytes
 * (a header of the right length in characters, more in bytes) reach `timingSafeEqual` unequal in
 * length, and the time taken says nothing about the expected secret's length.
 */
export function secretsEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(sha256(presented), sha256(expected));
}
