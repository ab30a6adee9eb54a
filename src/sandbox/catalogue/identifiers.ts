/** Product identifiers with valid check digits (GTIN-13, PZN-8) and site-specific id shapes. */
import type { Rng } from '../random.ts';

/** GS1 check digit of the first 12 digits of a GTIN-13. */
export function gtin13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for a 13-digit string whose check digit is right. */
export function isValidGtin13(value: string): boolean {
  return /^\d{13}$/.test(value) && gtin13CheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** A GTIN-13 from a 3-digit GS1 prefix and random digits. */
export function randomGtin13(prefix: string, rng: Rng): string {
  let body = prefix;
  while (body.length < 12) body += String(rng.int(0, 9));
  return body + String(gtin13CheckDigit(body));
}

/** PZN-8 check digit (weights 1..7, modulo 11); 10 means the 7 digits cannot form a PZN. */
export function pznCheckDigit(first7: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (i + 1);
  return sum % 11;
}

/** True for an 8-digit PZN with a valid check digit. */
export function isValidPzn(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const check = pznCheckDigit(value.slice(0, 7));
  return check !== 10 && check === Number(value[7]);
}

/** A random valid PZN-8. */
export function randomPzn(rng: Rng): string {
  for (;;) {
    let body = String(rng.int(1, 9));
    while (body.length < 7) body += String(rng.int(0, 9));
    const check = pznCheckDigit(body);
    if (check !== 10) return body + String(check);
  }
}

/** A random number with exactly `digits` digits and no leading zero. */
export function randomNumericId(digits: number, rng: Rng): string {
  let id = String(rng.int(1, 9));
  while (id.length < digits) id += String(rng.int(0, 9));
  return id;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random string of uppercase letters and digits after a fixed prefix. */
export function randomCode(prefix: string, length: number, rng: Rng): string {
  let code = prefix;
  while (code.length < length) code += rng.pick([...ALPHANUMERIC]);
  return code;
}
