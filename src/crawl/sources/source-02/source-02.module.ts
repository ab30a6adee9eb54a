/** source_02, a general marketplace: its catalogue row, driver and quirks. */
import type { ValueQuery } from '../../vocabulary/crawl.types.ts';
import { countryList, GTIN13, PLAIN_ROW, TERM } from '../kit/catalogue.kit.ts';
import type { ExpectedFields, SourceModule } from '../sources.module.ts';
import { itemCode } from '../sources.validators.ts';
import { source02Driver } from './source-02.driver.ts';
import { parseProductPage } from './source-02.parse.ts';

const PRODUCT_FIELDS = [
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
const OFFER_FIELDS = ['seller_id', 'is_premium', 'condition', 'price', 'currency'];

/** `offers` are expected only with `search_and_offers` (spec 2.4). */
function expectedFields(query: ValueQuery): ExpectedFields {
  const offers = query.topic === 'search_and_offers' ? ['offers'] : [];
  return { product: [...PRODUCT_FIELDS, ...offers], offer: OFFER_FIELDS };
}

export const source02: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_02',
    label: 'general marketplace',
    keys: { term: TERM, item_code: { validate: itemCode }, gtin: GTIN13 },
    countries: countryList('us ca mx br uk gb de at ch es fr it jp in ae au nl se pl be sg tr'),
    topics: ['search', 'search_and_offers', 'remove_conversions'],
    topicKeys: { remove_conversions: ['gtin'] },
    usesMaxPages: true,
    // Spec part 1 rule 2: at and ch are served by the de storefront.
    servedFrom: { at: 'de', ch: 'de' },
    notFoundCachedKeys: ['gtin'],
  },
  driver: source02Driver,
  expectedFields,
  computeParsers: { product: parseProductPage },
};
