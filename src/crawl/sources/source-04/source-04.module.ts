/** source_04, an auction marketplace: its catalogue row, driver and quirks. */
import type { ValueQuery } from '../../vocabulary/crawl.types.ts';
import { countryList, GTIN13, NUMERIC_ID, PLAIN_ROW, TERM } from '../kit/catalogue.kit.ts';
import type { ExpectedFields, SourceModule } from '../sources.module.ts';
import { source04Driver } from './source-04.driver.ts';
import { parseItemPage, parseProductPage } from './source-04.parse.ts';

const OFFER_FIELDS = [
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
const PRODUCT_FIELDS = [
  'product_id',
  'name|title',
  'url',
  'price_min|price',
  'offers_count|item_id',
  'offers',
];

/** A keyword result is a list of listings; other keys answer one product with its listings. */
function expectedFields(query: ValueQuery): ExpectedFields {
  return query.key === 'term'
    ? { product: ['offers_count', 'offers'], offer: OFFER_FIELDS }
    : { product: PRODUCT_FIELDS, offer: OFFER_FIELDS };
}

export const source04: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_04',
    label: 'auction marketplace',
    keys: { term: TERM, id: NUMERIC_ID, gtin: GTIN13 },
    countries: countryList('de at fr it es uk gb us au ca'),
    topics: ['search', 'remove_conversions'],
    topicKeys: { remove_conversions: ['gtin'] },
  },
  driver: source04Driver,
  expectedFields,
  computeParsers: { item: parseItemPage, product: parseProductPage },
};
