/**
 * Identity: is the content the product that was asked for?
 *
 * - `gtin`: 1 when a GTIN of the content equals the value (compared as 14 digits), 0 when the
 *   content carries GTINs and none equals it.
 * - `id`, `item_code`: 1 when the content's identifier (`product_id`, `id`, `item_code`) equals
 *   the value (case and separators ignored), 0 when it carries one and none equals; `pzn` likewise
 *   against a `pzn` field only.
 * - `term`: {@link termIdentity}, the name similarity of the product name and the term; for a
 *   result list (cards of several products) the mean term identity of the cards that carry a name.
 * - `product` (`gtin|brand|name|mpn`, decisions G4): the strongest evidence both sides carry, in
 *   this order: GTIN equality, MPN equality, then brand and name ({@link productRecordIdentity}).
 * - When the content carries nothing to compare with, {@link UNVERIFIED_IDENTITY}.
 */
import type { ValueQuery } from '../vocabulary/crawl.types.ts';
import { firstText, isResultList, productName, readOffers } from './content.ts';
import { wrongProductKinds } from './keywords.ts';
import { foldIdentifier, foldText, nameSimilarity, normalizeGtin, textOf } from './text.ts';

/** Identity when the content holds no field the value can be checked against: neither confirmed nor refuted. */
export const UNVERIFIED_IDENTITY = 0.5;
/** Factor on a name-based identity when the product is an accessory, used or refurbished and the query is not. */
export const WRONG_PRODUCT_FACTOR = 0.3;

const GTIN_KEYS = ['gtin', 'gtin13', 'gtin14', 'gtin12', 'gtin8', 'ean', 'upc', 'gtins', 'eans'] as const;
const ID_KEYS: Record<'id' | 'item_code' | 'pzn', readonly string[]> = {
  id: ['product_id', 'id', 'item_id'],
  item_code: ['product_id', 'item_code', 'id'],
  // A PZN is not a product id: only a `pzn` field can confirm it.
  pzn: ['pzn'],
};

/** Every value of the given fields, flattening arrays (`gtins: [...]`). */
function fieldValues(content: Record<string, unknown>, keys: readonly string[]): unknown[] {
  return keys.flatMap((key) => {
    const value = content[key];
    return Array.isArray(value) ? (value as unknown[]) : [value];
  });
}

/** 1 / 0 when `candidates` (already folded) hold something to compare, null when they hold nothing. */
function equalityEvidence(wanted: string | null, candidates: readonly (string | null)[]): number | null {
  const present = candidates.filter((candidate) => candidate !== null);
  if (wanted === null || present.length === 0) return null;
  return present.includes(wanted) ? 1 : 0;
}

function gtinEvidence(content: Record<string, unknown>, gtin: string): number | null {
  return equalityEvidence(normalizeGtin(gtin), fieldValues(content, GTIN_KEYS).map(normalizeGtin));
}

function mpnEvidence(content: Record<string, unknown>, mpn: string): number | null {
  const candidates = fieldValues(content, ['mpn', 'model', 'model_number', 'manufacturer_part_number']);
  return equalityEvidence(foldIdentifier(mpn), candidates.map(foldIdentifier));
}

/**
 * Name similarity ({@link nameSimilarity}) of the product name and the term, times
 * {@link WRONG_PRODUCT_FACTOR} when the name marks an accessory, used or refurbished item the term
 * does not ask for. 0 when the content has no name.
 */
export function termIdentity(term: string, name: string | null): number {
  if (name === null) return 0;
  const similarity = nameSimilarity(term, name);
  return wrongProductKinds(name, [term]).length > 0 ? similarity * WRONG_PRODUCT_FACTOR : similarity;
}

/** Mean term identity of the named cards of a result list; 0 when no card carries a name. */
function resultListIdentity(term: string, content: Record<string, unknown>): number {
  const names = readOffers(content).flatMap((card) => card.names.slice(0, 1));
  if (names.length === 0) return 0;
  return names.reduce((sum, name) => sum + termIdentity(term, name), 0) / names.length;
}

/** The segments of a `product` value (decisions G4): `gtin|brand|name|mpn`, each possibly empty. */
export function parseProductRecord(value: string): {
  gtin: string;
  brand: string;
  name: string;
  mpn: string;
} {
  const [gtin = '', brand = '', name = '', mpn = ''] = value.split('|').map((segment) => segment.trim());
  return { gtin, brand, name, mpn };
}

/**
 * Identity for a `product` record: GTIN equality when both sides carry a GTIN, else MPN equality,
 * else brand and name: 0 when both brands are known and differ, otherwise the term identity of
 * `brand name` against the content name.
 */
export function productRecordIdentity(content: Record<string, unknown>, value: string): number {
  const record = parseProductRecord(value);
  const byGtin = record.gtin === '' ? null : gtinEvidence(content, record.gtin);
  if (byGtin !== null) return byGtin;
  const byMpn = record.mpn === '' ? null : mpnEvidence(content, record.mpn);
  if (byMpn !== null) return byMpn;
  const name = productName(content);
  if (record.name === '' || name === null) return UNVERIFIED_IDENTITY;
  const brand = firstText(content, ['brand', 'brand_name', 'manufacturer']);
  if (record.brand !== '' && brand !== null && foldText(record.brand) !== foldText(brand)) return 0;
  const described = textOf(`${record.brand} ${record.name}`) ?? record.name;
  const labelled = brand !== null && !foldText(name).includes(foldText(brand)) ? `${brand} ${name}` : name;
  return termIdentity(described, labelled);
}

/** The identity component for a content object and the query it answers. */
export function identity(query: ValueQuery, content: Record<string, unknown>): number {
  switch (query.key) {
    case 'gtin':
      return gtinEvidence(content, query.value) ?? UNVERIFIED_IDENTITY;
    case 'id':
    case 'item_code':
    case 'pzn': {
      const candidates = fieldValues(content, ID_KEYS[query.key]).map(foldIdentifier);
      return equalityEvidence(foldIdentifier(query.value), candidates) ?? UNVERIFIED_IDENTITY;
    }
    case 'term':
      return isResultList(query.key, content)
        ? resultListIdentity(query.value, content)
        : termIdentity(query.value, productName(content));
    case 'product':
      return productRecordIdentity(content, query.value);
    case 'url':
      return urlIdentity(query.value, content);
  }
}

/** Host and path of a URL (trailing slash ignored), or null when it is not one. */
function pageOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw);
    return `${url.host}${url.pathname.replace(/\/+$/u, '')}`;
  } catch {
    return null;
  }
}

/**
 * A URL value (the `web` source): 1 when the page read is the page asked for (same host and path,
 * whatever redirects in between), else unverified: a shop that redirects a product URL elsewhere
 * may show another product.
 */
function urlIdentity(asked: string, content: Record<string, unknown>): number {
  const wanted = pageOf(asked);
  return wanted !== null && wanted === pageOf(content.url) ? 1 : UNVERIFIED_IDENTITY;
}
