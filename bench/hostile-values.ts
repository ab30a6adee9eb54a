/**
 * The malformed values bench/hostile.ts and bench/hostile-profile.ts submit (issue 22, point 3): one
 * definition, so that the profile looks at the very submissions whose `/health` latency the other
 * measures.
 */

/** `count` 13-digit GTINs whose check digit is wrong (the last digit is one more than right). */
export function badGtins(count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    const body = String(400_000_000_000 + n);
    const sum = [...body].reverse().reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
    return `${body}${(((10 - (sum % 10)) % 10) + 1) % 10}`;
  });
}

/** `count` 1 000-character values no GTIN can be. */
export function longValues(count: number): string[] {
  return Array.from({ length: count }, (_, n) => `${String(n).padStart(8, '0')}${'x'.repeat(992)}`);
}
