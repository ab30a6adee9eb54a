import { randomBytes } from 'node:crypto';

/** A 24-hex-character object identifier (spec 4: job ids), time-prefixed so ids sort by creation. */
export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

/** True for a well-formed 24-hex-character identifier. */
export function isObjectId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}
