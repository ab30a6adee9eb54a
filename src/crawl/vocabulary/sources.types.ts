/** Identifiers of the twelve sources (spec part 1) and `web`, any shop by URL (decisions G35). */
export const SOURCE_IDS = [
  'source_01',
  'source_02',
  'source_03',
  'source_04',
  'source_05',
  'source_06',
  'source_07',
  'source_08',
  'source_09',
  'source_10',
  'source_11',
  'source_12',
  'web',
] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

const NUMBERED = SOURCE_IDS.filter((id) => id.startsWith('source_'));
/** The source ids as messages name them (`source_01 to source_12 or web`). */
export const SOURCE_ID_RANGE = `${NUMBERED[0]} to ${NUMBERED[NUMBERED.length - 1]} or web`;

/** Kinds of values a submission may carry (spec 2.1 `key`). */
export type ValueKey = 'term' | 'id' | 'gtin' | 'pzn' | 'item_code' | 'product' | 'url';

/** Processing modes (spec 2.1 `topic`, decisions G2). */
export type Topic = 'search' | 'convert' | 'remove_conversions' | 'search_and_offers';

/** Offer orderings (decisions G3). */
export const SORT_ORDERS = [
  'ranking_descending',
  'price_ascending',
  'price_descending',
  'total_ascending',
  'rating_descending',
] as const;
export type SortBy = (typeof SORT_ORDERS)[number];
