/** source_09: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { anyGtin } from '../sources.validators.ts';
import { source09Driver } from './source-09.driver.ts';
import { parseProductPage } from './source-09.parse.ts';

export const source09: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_09',
    label: 'source_09',
    keys: { term: TERM, id: ID, gtin: { validate: anyGtin } },
    countries: countryList('us'),
    topics: ['search'],
  },
  driver: source09Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
