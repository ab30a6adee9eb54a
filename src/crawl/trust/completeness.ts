/**
 * Completeness: the share of the fields a source's content is expected to carry (spec 2.4) that
 * are populated. Each source and content kind has its own list (its module's `expectedFields`); a field
 * written `a|b` counts when either is populated, `buybox.price` names a nested field.
 *
 * `completeness = productShare` when the content has no offers, else
 * `(productShare + mean over offers of offerShare) / 2`, so a result with many offers is not
 * judged on its offers alone.
 */
import type { ValueQuery } from '../vocabulary/crawl.types.ts';
import type { ExpectedFields } from '../sources/sources.module.ts';
import { sourceModules } from '../sources/sources.registry.ts';
import { isRecord } from './content.ts';

/** The expected fields for a query's content: the source's own list (`SourceModule.expectedFields`). */
export function expectedFields(query: ValueQuery): ExpectedFields {
  return sourceModules[query.source].expectedFields(query);
}

/** A value counts as populated unless null, undefined, a non-finite number, blank text or an empty array. */
export function isPopulated(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const part of path.split('.')) current = isRecord(current) ? current[part] : undefined;
  return current;
}

/** Fields that apply only in some states of the record they belong to (spec 2.4). */
function applies(record: Record<string, unknown>, field: string): boolean {
  if (field === 'marketplace_name') return record['seller_type'] === 'marketplace-shop';
  if (field === 'premium_price') return record['is_premium'] === true;
  return true;
}

/** Share (0..1) of `fields` populated in `record`; 1 when nothing is expected. */
export function populatedShare(record: Record<string, unknown>, fields: readonly string[]): number {
  const relevant = fields.filter((field) => applies(record, field));
  if (relevant.length === 0) return 1;
  const populated = relevant.filter((field) =>
    field.split('|').some((alternative) => isPopulated(valueAt(record, alternative))),
  );
  return populated.length / relevant.length;
}

/** The completeness component of a content object. */
export function completeness(query: ValueQuery, content: Record<string, unknown>): number {
  const expected = expectedFields(query);
  const productShare = populatedShare(content, expected.product);
  const offers = Array.isArray(content['offers']) ? (content['offers'] as unknown[]) : [];
  if (offers.length === 0 || expected.offer.length === 0) return productShare;
  const offerShares = offers.map((offer) => (isRecord(offer) ? populatedShare(offer, expected.offer) : 0));
  const offerShare = offerShares.reduce((sum, share) => sum + share, 0) / offerShares.length;
  return (productShare + offerShare) / 2;
}
