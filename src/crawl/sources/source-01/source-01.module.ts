/** source_01, a price-comparison site: its catalogue row, driver and quirks. */
import type { ValueQuery } from '../../vocabulary/crawl.types.ts';
import { countryList, GTIN13, NUMERIC_ID, PLAIN_ROW, TERM } from '../kit/catalogue.kit.ts';
import type { ExpectedFields, SourceModule } from '../sources.module.ts';
import { pzn } from '../sources.validators.ts';
import { source01Driver } from './source-01.driver.ts';
import { parseProductPage } from './source-01.parse.ts';

const OFFER_FIELDS = [
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
const PRODUCT_FIELDS = [
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

/**
 * Spec 2.4's conditional fields: `categories` on de/at product results, `rating`/`rating_count`/
 * `available_since` on keyword results; `convert` answers only the product id.
 */
function expectedFields(query: ValueQuery): ExpectedFields {
  if (query.topic === 'convert') return { product: ['product_id|id'], offer: [] };
  const keyword = query.key === 'term' ? ['rating', 'rating_count', 'available_since'] : [];
  const categories = ['de', 'at'].includes(query.country) && query.key !== 'term' ? ['categories'] : [];
  return { product: [...PRODUCT_FIELDS, ...categories, ...keyword], offer: OFFER_FIELDS };
}

export const source01: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_01',
    label: 'price comparison',
    keys: { term: TERM, id: NUMERIC_ID, gtin: GTIN13, pzn: { validate: pzn, countries: ['de'] } },
    countries: countryList('de at uk gb fr it es'),
    topics: ['search', 'convert', 'remove_conversions'],
    // The driver resolves a GTIN or a PZN to the product id; only GTIN mappings are cached.
    topicKeys: { convert: ['gtin', 'pzn'], remove_conversions: ['gtin'] },
    usesMaxPages: true,
    usesSellerNames: true,
    notFoundCachedKeys: ['gtin', 'pzn'],
  },
  driver: source01Driver,
  expectedFields,
  computeParsers: { product: parseProductPage },
};
