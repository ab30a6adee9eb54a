/** source_06: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source06Driver } from './source-06.driver.ts';
import { parseProductPage } from './source-06.parse.ts';

export const source06: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_06',
    label: 'source_06',
    keys: { term: TERM, id: ID },
    countries: countryList('de'),
    topics: ['search'],
  },
  driver: source06Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
