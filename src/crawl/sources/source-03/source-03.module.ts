/** source_03, a shopping search: its catalogue row, driver and quirks. */
import type { ValueQuery } from '../../vocabulary/crawl.types.ts';
import { countryList, ID, PLAIN_ROW, TERM } from '../kit/catalogue.kit.ts';
import type { ExpectedFields, SourceModule } from '../sources.module.ts';
import { productRecord } from '../sources.validators.ts';
import { source03Driver } from './source-03.driver.ts';
import { parseProduct } from './source-03.parse.ts';

const CARD_FIELDS = ['product_id|id', 'name|title', 'url', 'price'];
const PRODUCT_FIELDS = ['product_id|id', 'name|title', 'offers_count', 'offers'];
const OFFER_FIELDS = ['id', 'description', 'url', 'rating', 'rating_count', 'price', 'currency'];

/** A keyword result is a list of product cards; other keys answer one product with its offers. */
function expectedFields(query: ValueQuery): ExpectedFields {
  return query.key === 'term'
    ? { product: ['offers_count', 'offers'], offer: CARD_FIELDS }
    : { product: PRODUCT_FIELDS, offer: OFFER_FIELDS };
}

export const source03: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_03',
    label: 'shopping search',
    keys: { term: TERM, id: ID, product: { validate: productRecord } },
    // decisions C7: the narrower request-schema set of rule 3.
    countries: countryList('de at ch fr it es uk gb us au ca nl be pl se no dk'),
    topics: ['search'],
    // spec 2.6: the marketplace may report more sellers than were gathered.
    reportsPartial: true,
    notFoundCachedKeys: ['product'],
  },
  driver: source03Driver,
  expectedFields,
  computeParsers: { product: parseProduct },
};
