/** source_05: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, GTIN13, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source05Driver } from './source-05.driver.ts';
import { parseProductPage } from './source-05.parse.ts';

export const source05: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_05',
    label: 'source_05',
    keys: { term: TERM, id: ID, gtin: GTIN13 },
    countries: countryList('de cz sk pl at fr it'),
    topics: ['search', 'search_and_offers'],
  },
  driver: source05Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
