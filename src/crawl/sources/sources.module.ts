/**
 * The one interface every source implements (`src/crawl/sources/source-NN/source-NN.module.ts`): its
 * catalogue row, its driver and the quirks other layers ask about. Nothing outside a source's folder
 * asks "which source is this?"; it reads the answer from the source's module instead.
 */
import type { SourceDriver, ValueQuery } from '../vocabulary/crawl.types.ts';
import type { SourceId, Topic, ValueKey } from '../vocabulary/sources.types.ts';
import type { ValueValidator } from './sources.validators.ts';

/** How one key behaves on one source. */
export interface KeySpec {
  validate: ValueValidator;
  /** Countries the key is limited to (source_01 `pzn`: de only). */
  countries?: readonly string[];
  /**
   * A comma-separated `values` string is one value, not split (decisions G35: URLs contain
   * commas); an array is needed to send several.
   */
  unsplit?: boolean;
  /**
   * `validate` answers over-long values itself (that value's `parameter_invalid`), so the
   * submission-wide length refusal does not apply (G35: a `url` of more than 2 048 characters).
   */
  lengthChecked?: boolean;
  /**
   * The value as cache and history key it: two spellings of one page are one value (G35's
   * canonical URL). Absent, the value as sent.
   */
  canonical?: (value: string) => string;
}

/** Everything the service knows about a source, as data: its catalogue row. */
export interface SourceSpec {
  id: SourceId;
  label: string;
  keys: Readonly<Partial<Record<ValueKey, KeySpec>>>;
  /** Accepted request countries (spec part 1 with rules 1–3, C7, G1). */
  countries: readonly string[];
  topics: readonly Topic[];
  /**
   * Topics that only make sense for some keys (`convert` resolves a GTIN, `remove_conversions`
   * clears a GTIN's mapping); a topic absent here accepts every key of the source (decisions G22).
   */
  topicKeys: Readonly<Partial<Record<Topic, readonly ValueKey[]>>>;
  /** `max_pages` applies (more pages, more content and credits); elsewhere it is accepted and ignored. */
  usesMaxPages: boolean;
  /** `fetch_seller_names` applies (decisions G24); elsewhere it is accepted and ignored. */
  usesSellerNames: boolean;
  /** `meta.partial` is a field of this source's results (spec 2.6); absent elsewhere. */
  reportsPartial: boolean;
  /** Request countries served from another country's storefront (spec part 1 rule 2). */
  servedFrom: Readonly<Record<string, string>>;
  /** Keys whose not-found outcomes are cached for `not_found_max_age` days. */
  notFoundCachedKeys: readonly ValueKey[];
  /**
   * The values name pages anywhere (the `web` source, decisions G35): the crawl follows the rules
   * of targets the user chose (address rules, robots.txt, per-host politeness) instead of keeping
   * to the configured base URL's host.
   */
  openTargets?: boolean;
}

/**
 * Fields of spec 2.4 expected in a content object, for the completeness component of trust. An
 * entry `a|b` counts when either alternative is populated; `a.b` reads a nested field.
 */
export interface ExpectedFields {
  product: readonly string[];
  offer: readonly string[];
}

/** One source: its catalogue row, its driver and the quirks other layers need. */
export interface SourceModule {
  readonly spec: SourceSpec;
  readonly driver: SourceDriver;
  /** The fields that count for completeness in this query's content (spec 2.4's conditionals included). */
  expectedFields(query: ValueQuery): ExpectedFields;
  /**
   * The source's page parsers a compute thread may run (`src/crawl/compute/`), by a short name (the
   * pool calls them `<source id>.<name>`). The driver hands them to `context.offload`; one not
   * listed here runs on the main thread. Each must be synchronous and pure, its input and result
   * plain data, and its only errors the crawl errors.
   */
  readonly computeParsers?: Readonly<Record<string, ComputeParser>>;
}

/** A pure function of plain data a compute thread may run (a page parser). */
export type ComputeParser = (input: never) => unknown;
