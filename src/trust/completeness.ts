/**
 * Completeness: the share of the fields a source's content is expected to carry (spec 2.4) that
 * are populated. Each source and content kind has its own list ({@link expectedFields}); a field
 * written `a|b` counts when either is populated, `buybox.price` names a nested field.
 *
 * `completeness = productShare` when the content has no offers, else
 * `(productShare + mean over offers of offerShare) / 2`, so a result with many offers is not
 * judged on its offers alone.
 */
import type { ValueQuery } from '../crawl/crawl.types.ts';
import { isRecord } from './content.ts';

/** The fields expected of a product-level content object and of each of its offers. */
export interface ExpectedFields {
  product: readonly string[];
  offer: readonly string[];
}

const SOURCE_01_OFFER = [
  'position',
  'price',
  'currency',
  'shipping',
  'total',
  'seller_name',
  'seller_url',
  'seller_type',
  'marketplace_name',
  'seller_rating',
  'seller_rating_count',
  'voucher',
  'free_return',
  'availability_code',
  'availability_text',
];
const SOURCE_01_PRODUCT = [
  'id',
  'product_id',
  'name',
  'url',
  'category_ids',
  'price_min',
  'price_max',
  'price_avg',
  'offers_count',
  'offers',
];
const SOURCE_02_PRODUCT = [
  'product_id',
  'brand_name',
  'category',
  'buybox.price',
  'buybox.seller_name',
  'buybox.seller_id',
  'seller_type',
  'is_premium',
  'premium_price',
];
const SOURCE_02_OFFER = ['seller_id', 'is_premium', 'condition', 'price', 'currency'];
const SOURCE_03_CARD = ['product_id|id', 'name|title', 'url', 'price'];
const SOURCE_03_PRODUCT = ['product_id|id', 'name|title', 'offers_count', 'offers'];
const SOURCE_03_OFFER = ['id', 'description', 'url', 'rating', 'rating_count', 'price', 'currency'];
const SOURCE_04_OFFER = [
  'item_id',
  'title',
  'url',
  'price',
  'shipping',
  'total',
  'currency',
  'condition',
  'listing_type',
  'seller_name',
];
const SOURCE_04_PRODUCT = [
  'product_id',
  'name|title',
  'url',
  'price_min|price',
  'offers_count|item_id',
  'offers',
];
const GENERIC_PRODUCT = ['product_id|id', 'name|title', 'price|price_min|buybox.price', 'offers'];
const GENERIC_OFFER = ['price', 'currency', 'seller_name|seller_id'];

/**
 * The expected fields for a query's content. Conditional fields of spec 2.4 are only expected when
 * they apply: source_01 `categories` on de/at product results, `rating`/`rating_count`/
 * `available_since` on keyword results; source_02 `offers` with `search_and_offers`.
 */
export function expectedFields(query: ValueQuery): ExpectedFields {
  switch (query.source) {
    case 'source_01': {
      if (query.topic === 'convert') return { product: ['product_id|id'], offer: [] };
      const keyword = query.key === 'term' ? ['rating', 'rating_count', 'available_since'] : [];
      const categories = ['de', 'at'].includes(query.country) && query.key !== 'term' ? ['categories'] : [];
      return { product: [...SOURCE_01_PRODUCT, ...categories, ...keyword], offer: SOURCE_01_OFFER };
    }
    case 'source_02': {
      const offers = query.topic === 'search_and_offers' ? ['offers'] : [];
      return { product: [...SOURCE_02_PRODUCT, ...offers], offer: SOURCE_02_OFFER };
    }
    case 'source_03':
      return query.key === 'term'
        ? { product: ['offers_count', 'offers'], offer: SOURCE_03_CARD }
        : { product: SOURCE_03_PRODUCT, offer: SOURCE_03_OFFER };
    case 'source_04':
      return query.key === 'term'
        ? { product: ['offers_count', 'offers'], offer: SOURCE_04_OFFER }
        : { product: SOURCE_04_PRODUCT, offer: SOURCE_04_OFFER };
    default:
      return { product: GENERIC_PRODUCT, offer: GENERIC_OFFER };
  }
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
