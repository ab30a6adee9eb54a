/** Building blocks of the catalogue rows: the common key specs and the row of a shop-style source. */
import type { ExpectedFields, KeySpec, SourceSpec } from '../sources.module.ts';
import type { SourceId, Topic } from '../../vocabulary/sources.types.ts';
import { gtin13, numericId, productId, term } from '../sources.validators.ts';

export const TERM: KeySpec = { validate: term };
export const NUMERIC_ID: KeySpec = { validate: numericId };
export const ID: KeySpec = { validate: productId };
export const GTIN13: KeySpec = { validate: gtin13 };

/** A space-separated list of country codes. */
export const countryList = (countries: string): string[] => countries.split(' ');

/** The defaults of a catalogue row: no option that changes content, one storefront per country. */
export const PLAIN_ROW = {
  usesMaxPages: false,
  usesSellerNames: false,
  reportsPartial: false,
  servedFrom: {},
  notFoundCachedKeys: [],
  topicKeys: {},
} as const satisfies Partial<SourceSpec>;

/** The catalogue row of a shop-style source (source_05..source_12): plain defaults, labelled by id. */
export function shopRow(
  id: SourceId,
  keys: SourceSpec['keys'],
  countries: string,
  topics: readonly Topic[],
): SourceSpec {
  return { ...PLAIN_ROW, id, label: id, keys, countries: countryList(countries), topics };
}

/** The fields expected of a shop-style source's content: a product with offers. */
export function shopExpectedFields(): ExpectedFields {
  return {
    product: ['product_id|id', 'name|title', 'price|price_min|buybox.price', 'offers'],
    offer: ['price', 'currency', 'seller_name|seller_id'],
  };
}
