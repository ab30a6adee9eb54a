import { SORT_ORDERS, type SortBy, type SourceId, type Topic, type ValueKey } from './sources.types.ts';
import {
  anyGtin,
  gtin13,
  itemCode,
  numericId,
  productId,
  productRecord,
  pzn,
  term,
  type ValueValidator,
} from './sources.validators.ts';

/** How one key behaves on one source. */
export interface KeySpec {
  validate: ValueValidator;
  /** Countries the key is limited to (source_01 `pzn`: de only). */
  countries?: readonly string[];
}

/** Everything the service knows about a source, as data. */
export interface SourceSpec {
  id: SourceId;
  label: string;
  keys: Readonly<Partial<Record<ValueKey, KeySpec>>>;
  /** Accepted request countries (spec part 1 with rules 1–3, C7, G1). */
  countries: readonly string[];
  topics: readonly Topic[];
  /** `max_pages` applies (source_01, source_02); elsewhere it is accepted and ignored. */
  usesMaxPages: boolean;
  /** Keys whose not-found outcomes are cached for `not_found_max_age` days. */
  notFoundCachedKeys: readonly ValueKey[];
}

const TERM: KeySpec = { validate: term };
const NUMERIC_ID: KeySpec = { validate: numericId };
const ID: KeySpec = { validate: productId };
const GTIN13: KeySpec = { validate: gtin13 };

const list = (countries: string) => countries.split(' ');

const SOURCES: readonly SourceSpec[] = [
  {
    id: 'source_01',
    label: 'price comparison',
    keys: { term: TERM, id: NUMERIC_ID, gtin: GTIN13, pzn: { validate: pzn, countries: ['de'] } },
    countries: list('de at uk gb fr it es'),
    topics: ['search', 'convert', 'remove_conversions'],
    usesMaxPages: true,
    notFoundCachedKeys: ['gtin', 'pzn'],
  },
  {
    id: 'source_02',
    label: 'general marketplace',
    keys: { term: TERM, item_code: { validate: itemCode }, gtin: GTIN13 },
    countries: list('us ca mx br uk gb de at ch es fr it jp in ae au nl se pl be sg tr'),
    topics: ['search', 'search_and_offers', 'remove_conversions'],
    usesMaxPages: true,
    notFoundCachedKeys: ['gtin'],
  },
  {
    id: 'source_03',
    label: 'shopping search',
    keys: { term: TERM, id: ID, product: { validate: productRecord } },
    // decisions C7: the narrower request-schema set of rule 3.
    countries: list('de at ch fr it es uk gb us au ca nl be pl se no dk'),
    topics: ['search'],
    usesMaxPages: false,
    notFoundCachedKeys: ['product'],
  },
  {
    id: 'source_04',
    label: 'auction marketplace',
    keys: { term: TERM, id: NUMERIC_ID, gtin: GTIN13 },
    countries: list('de at fr it es uk gb us au ca'),
    topics: ['search', 'remove_conversions'],
    usesMaxPages: false,
    notFoundCachedKeys: [],
  },
  simple('source_05', { term: TERM, id: ID, gtin: GTIN13 }, 'de cz sk pl at fr it', [
    'search',
    'search_and_offers',
  ]),
  simple('source_06', { term: TERM, id: ID }, 'de', ['search']),
  simple('source_07', { term: TERM, id: ID, gtin: GTIN13 }, 'de', ['search']),
  simple('source_08', { term: TERM, id: NUMERIC_ID, gtin: GTIN13 }, 'de', ['search', 'search_and_offers']),
  simple('source_09', { term: TERM, id: ID, gtin: { validate: anyGtin } }, 'us', ['search']),
  // decisions G1: the open-ended list is closed here and extendable by configuration.
  simple('source_10', { term: TERM, id: ID }, 'de at fr it nl pl uk gb', ['search']),
  simple('source_11', { term: TERM, id: ID }, 'us', ['search']),
  simple('source_12', { term: TERM, id: ID }, 'jp', ['search']),
];

function simple(
  id: SourceId,
  keys: SourceSpec['keys'],
  countries: string,
  topics: readonly Topic[],
): SourceSpec {
  return {
    id,
    label: id,
    keys,
    countries: list(countries),
    topics,
    usesMaxPages: false,
    notFoundCachedKeys: [],
  };
}

/** The source catalogue, with operator-configured extra countries (decisions G1) merged in. */
export class SourceCatalogue {
  private readonly byId: ReadonlyMap<string, SourceSpec>;

  constructor(extraCountries: Readonly<Record<string, readonly string[]>> = {}) {
    this.byId = new Map(
      SOURCES.map((spec) => {
        const extra = extraCountries[spec.id] ?? [];
        return [spec.id, { ...spec, countries: [...new Set([...spec.countries, ...extra])] }];
      }),
    );
  }

  get(source: string): SourceSpec | undefined {
    return this.byId.get(source);
  }

  all(): SourceSpec[] {
    return [...this.byId.values()];
  }
}

/** The country codes that name the same marketplace (`uk` and `gb`, spec part 1 rule 1). */
export function sameMarketplaceCountries(country: string): string[] {
  return country === 'uk' || country === 'gb' ? ['uk', 'gb'] : [country];
}

export function isSortBy(value: string): value is SortBy {
  return (SORT_ORDERS as readonly string[]).includes(value);
}
