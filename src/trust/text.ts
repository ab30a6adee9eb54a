/**
 * Text helpers for the trust components: normalisation, tokens and the name similarity used by
 * identity (`term`, `product` values) and by the offer-name check of offer contamination.
 */

/**
 * Folds a text for comparison: NFKD with combining marks removed (é → e), `ß` → `ss`, lower case,
 * every run of characters that is neither a letter nor a digit replaced by one space.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/gu, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Splits a text into its distinct folded tokens. A number glued to a unit (`128gb`, `55"`) stays
 * one token, while a unit written apart (`128 gb`) is joined to its number, so both spellings meet.
 */
export function tokenSet(text: string): Set<string> {
  const words = foldText(text)
    .split(' ')
    .filter((word) => word !== '');
  const tokens: string[] = [];
  for (const word of words) {
    const previous = tokens[tokens.length - 1];
    if (previous !== undefined && /^\d+$/u.test(previous) && UNITS.has(word)) {
      tokens[tokens.length - 1] = previous + word;
    } else {
      tokens.push(word);
    }
  }
  return new Set(tokens);
}

const UNITS = new Set(['gb', 'tb', 'mb', 'mah', 'w', 'kw', 'v', 'ml', 'l', 'g', 'kg', 'mm', 'cm', 'm', 'hz']);

function intersectionSize(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared;
}

/** Sørensen–Dice coefficient of two token sets: `2·|A∩B| / (|A| + |B|)`; 0 when both are empty. */
export function diceCoefficient(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const total = a.size + b.size;
  return total === 0 ? 0 : (2 * intersectionSize(a, b)) / total;
}

/** Share of the query's tokens found in the candidate: `|Q∩C| / |Q|`; 0 for an empty query. */
export function tokenCoverage(query: ReadonlySet<string>, candidate: ReadonlySet<string>): number {
  return query.size === 0 ? 0 : intersectionSize(query, candidate) / query.size;
}

/**
 * Similarity of a product name to what was asked for, in 0..1: the mean of the query's token
 * coverage and the Dice coefficient, `(|Q∩N|/|Q| + 2·|Q∩N|/(|Q|+|N|)) / 2`, on folded tokens.
 * Coverage alone would rate any long name that contains the query as perfect; Dice alone punishes a
 * short search term against a descriptive product name, so the mean keeps both signals.
 */
export function nameSimilarity(query: string, name: string): number {
  const queryTokens = tokenSet(query);
  const nameTokens = tokenSet(name);
  return (tokenCoverage(queryTokens, nameTokens) + diceCoefficient(queryTokens, nameTokens)) / 2;
}

/** A trimmed non-empty string from a string or finite number; null otherwise. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** An identifier folded for equality: alphanumerics only, upper case (`ab-12 3` → `AB123`). */
export function foldIdentifier(value: unknown): string | null {
  const text = textOf(value);
  if (text === null) return null;
  const folded = text.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
  return folded === '' ? null : folded;
}

/** A GTIN (8, 12, 13 or 14 digits) padded to 14 digits, so UPC-A and EAN-13 spellings compare equal. */
export function normalizeGtin(value: unknown): string | null {
  const text = textOf(value);
  if (text === null) return null;
  const digits = text.replace(/[\s-]/gu, '');
  return /^\d{8,14}$/u.test(digits) ? digits.padStart(14, '0') : null;
}
