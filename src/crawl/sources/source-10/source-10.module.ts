/** source_10: its catalogue row and driver; a shop-style source without quirks of its own. */
import { countryList, ID, TERM, PLAIN_ROW, shopExpectedFields } from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source10Driver } from './source-10.driver.ts';
import { parseProductPage } from './source-10.parse.ts';

export const source10: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_10',
    label: 'source_10',
    keys: { term: TERM, id: ID },
    // decisions G1: the open-ended list is closed here and extendable by configuration.
    countries: countryList('de at fr it nl pl uk gb'),
    topics: ['search'],
  },
  driver: source10Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
