/** source_12: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source12Driver } from './source-12.driver.ts';
import { parseProductPage } from './source-12.parse.ts';

export const source12: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_12',
    label: 'source_12',
    keys: { term: TERM, id: ID },
    countries: countryList('jp'),
    topics: ['search'],
  },
  driver: source12Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
