/**
 * Text helpers for the trust components: normalisation, tokens and the name similarity used by
 * identity (`term`, `product` values) and by the offer-name check of offer contamination.
 */

/** Folded texts by original: offer titles and product names repeat across the offers of a result. */
const folded = new Map<string, string>();
/** Entries kept in {@link folded}; the map starts over when full, so memory stays bounded. */
const MAX_FOLDED_TEXTS = 4096;
const ASCII_ONLY = /^\p{ASCII}*$/u;

/**
 * Folds a text for comparison: NFKD with combining marks removed (é → e), `ß` → `ss`, lower case,
 * every run of characters that is neither a letter nor a digit replaced by one space.
 */
export function foldText(text: string): string {
  let result = folded.get(text);
  if (result === undefined) {
    result = ASCII_ONLY.test(text)
      ? // The same folding for ASCII, where NFKD, marks and ß cannot occur: this is most texts.
        text
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim()
      : text
          .normalize('NFKD')
          .replace(/\p{M}+/gu, '')
          .replace(/ß/gu, 'ss')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim();
    if (folded.size >= MAX_FOLDED_TEXTS) folded.clear();
    folded.set(text, result);
  }
  return result;
}

/**
 * Splits a text into its distinct folded tokens. A number glued to a unit (`128gb`, `55"`) stays
 * one token, while a unit written apart (`128 gb`) is joined to its number, so both spellings meet.
 */
export function tokenSet(text: string): Set<string> {
  return new Set(tokensOf(text));
}

/** {@link tokenSet}s by text, shared and never modified: the product name is compared with every offer. */
const tokenSets = new Map<string, ReadonlySet<string>>();
const MAX_TOKEN_SETS = 4096;

/** {@link tokenSet} without a copy, for the comparisons of this folder (the answer must not be modified). */
export function tokensOf(text: string): ReadonlySet<string> {
  let tokens = tokenSets.get(text);
  if (tokens === undefined) {
    tokens = splitTokens(text);
    if (tokenSets.size >= MAX_TOKEN_SETS) tokenSets.clear();
    tokenSets.set(text, tokens);
  }
  return tokens;
}

function splitTokens(text: string): Set<string> {
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
  const queryTokens = tokensOf(query);
  const nameTokens = tokensOf(name);
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
