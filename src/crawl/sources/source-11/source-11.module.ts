/** source_11: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source11Driver } from './source-11.driver.ts';
import { parseProductAnswer } from './source-11.parse.ts';

export const source11: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_11',
    label: 'source_11',
    keys: { term: TERM, id: ID },
    countries: countryList('us'),
    topics: ['search'],
  },
  driver: source11Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductAnswer },
};
