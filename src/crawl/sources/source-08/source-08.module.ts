/** source_08: its catalogue row and driver; a shop-style source without quirks of its own. */
import {
  countryList,
  GTIN13,
  NUMERIC_ID,
  TERM,
  PLAIN_ROW,
  shopExpectedFields,
} from '../kit/catalogue.kit.ts';
import type { SourceModule } from '../sources.module.ts';
import { source08Driver } from './source-08.driver.ts';
import { parseProductPage } from './source-08.parse.ts';

export const source08: SourceModule = {
  spec: {
    ...PLAIN_ROW,
    id: 'source_08',
    label: 'source_08',
    keys: { term: TERM, id: NUMERIC_ID, gtin: GTIN13 },
    countries: countryList('de'),
    topics: ['search', 'search_and_offers'],
  },
  driver: source08Driver,
  expectedFields: shopExpectedFields,
  computeParsers: { product: parseProductPage },
};
