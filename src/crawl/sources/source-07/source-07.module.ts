/** source_07: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, GTIN13, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source07Driver } from './source-07.driver.ts';
import { parseProductPage } from './source-07.parse.ts';

export const source07: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_07',
    label: 'source_07',
    keys: { term: TERM, id: ID, gtin: GTIN13 },
    countries: countryList('de'),
    topics: ['search'],
  },
  driver: source07Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
