/** Small value cleaners shared by the extraction layers. */
import { lookupTable } from '../../platform/lib/lookup.ts';

const NAMED_ENTITIES: Record<string, string> = lookupTable({
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: ' ',
});

/** Decodes the few HTML entities that leak into JSON-LD and script strings. */
function decodeBasicEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X'))
      return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** A string or number as trimmed, whitespace-collapsed text; null when empty or of another type. */
export function cleanText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = decodeBasicEntities(value).replace(/\s+/gu, ' ').trim();
  return text === '' || TEMPLATE_PLACEHOLDER.test(text) ? null : text;
}

/** Unfilled template variables that shops ship in markup (`$metabrand`, `{{ product.brand }}`). */
const TEMPLATE_PLACEHOLDER = /^\$[A-Za-z_][\w.]*$|\{\{.*\}\}|^%[\w.]+%$|^\$\{.*\}$/u;

/** Retired ISO codes that shops still write for today's currency (`RUR` for the rouble). */
const RETIRED_CODES: Record<string, string> = lookupTable({ RUR: 'RUB' });

/** A currency as reported: ISO codes upper-cased (`pln` → `PLN`, retired `RUR` → `RUB`), symbols as given. */
export function cleanCurrency(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  if (!/^[a-z]{3}$/iu.test(text)) return text;
  const code = text.toUpperCase();
  return RETIRED_CODES[code] ?? code;
}

/**
 * A product identifier as shops write it: trimmed, without a `sku:` style prefix. Values that
 * cannot be an identifier (with inner spaces, over 40 characters, all zeros, no letter or digit)
 * give null, so a layer that holds one falls through to the next.
 */
export function cleanIdentifier(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  const id = text.replace(/^(?:sku|mpn|gtin\d*|ean|isbn|upc|id)\s*:\s*/iu, '');
  if (id.length > 40 || /\s/u.test(id) || /^0+$/u.test(id) || !/[\p{L}\p{N}]/u.test(id)) return null;
  return id;
}

/** Word tokens of a text, lowercased, for "same product?" overlap checks (CJK runs count as one). */
export function wordTokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 1),
  );
}

/** How many of a text's tokens are among the wanted ones. */
export function sharedTokens(text: string, wanted: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of wordTokens(text)) if (wanted.has(token)) shared++;
  return shared;
}
