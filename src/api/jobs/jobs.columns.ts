/**
 * The columns of every CSV and XLSX download (decisions G36): one fixed list, the union over all
 * sources and keys, so files of different jobs stack. docs/downloads.md documents each column with
 * the field it comes from; `test/docs/downloads.test.ts` holds the two together, and
 * `jobs.columns.test.ts` checks that every field a source reports has its column.
 */

/** The row kinds: an offer, a search result, or a result without offers. */
export type RowKind = 'offer' | 'search_result' | 'result';

/** Columns of the result itself, before its content: `[column, what it holds]`. */
export const RESULT_COLUMNS = [
  ['key', 'the input value'],
  ['success', 'result `success`'],
  ['reason', 'result `reason`'],
  ['reason_detail', 'result `reason_detail` (decisions G37)'],
  ['served_from', 'result `served_from`'],
  ['observed_at', 'result `observed_at`'],
  ['trust_score', 'result `trust.score`'],
  ['trust_identity', 'result `trust.components.identity`'],
  ['trust_completeness', 'result `trust.components.completeness`'],
  ['trust_price_integrity', 'result `trust.components.price_integrity`'],
  ['trust_offer_contamination', 'result `trust.components.offer_contamination`'],
  ['trust_freshness', 'result `trust.components.freshness`'],
] as const;

/**
 * Fields of `content` (the union over every source), each its own column under the same name; a
 * nested object's fields are `<object>_<field>` (`buybox_price`), a list of texts is joined with `|`.
 */
export const CONTENT_FIELDS = [
  'product_id',
  'id',
  'item_id',
  'epid',
  'name',
  'title',
  'description',
  'url',
  'brand_name',
  'brand',
  'mpn',
  'gtin',
  'pzn',
  'category',
  'category_ids',
  'categories',
  'query',
  'rating',
  'rating_count',
  'available_since',
  'currency',
  'price',
  'price_min',
  'price_max',
  'price_avg',
  'offers_count',
  'price_min_all',
  'price_max_all',
  'price_avg_all',
  'offers_count_all',
  'source_price_min',
  'sellers_total',
  'buybox_price',
  'buybox_seller_name',
  'buybox_seller_id',
  'buybox_condition',
  'seller_type',
  'is_premium',
  'premium_price',
  'availability',
  'shipping',
  'total',
  'condition',
  'listing_type',
  'bids',
  'ends_at',
  'seller_name',
  'seller_rating',
  'seller_rating_count',
  'removed',
  'extracted_by',
] as const;

/**
 * Fields of one offer (`content.offers[]`) or search result (`content.search_results[]`), the union
 * over every source, each as the column `line_<field>`.
 */
export const LINE_FIELDS = [
  'id',
  'offer_id',
  'item_id',
  'product_id',
  'name',
  'title',
  'description',
  'url',
  'price',
  'price_min',
  'currency',
  'shipping',
  'total',
  'condition',
  'availability',
  'availability_code',
  'availability_text',
  'seller_name',
  'seller_id',
  'seller_url',
  'seller_type',
  'marketplace_name',
  'seller_rating',
  'seller_rating_count',
  'rating',
  'rating_count',
  'sellers_count',
  'voucher',
  'free_return',
  'is_premium',
  'premium_price',
  'listing_type',
  'bids',
  'ends_at',
] as const;

/** Columns from the result's trust about one offer: `[column, what it holds]`. */
export const LINE_TRUST_COLUMNS = [
  ['line_flagged', 'offer rows: the offer is in `trust.flagged_offers` (a price outlier)'],
  ['line_wrong_product', 'offer rows: the offer is in `trust.wrong_product_offers` (another product)'],
] as const;

/** Every column of a download, in order. */
export const DOWNLOAD_COLUMNS: readonly string[] = [
  'row_kind',
  'position',
  ...RESULT_COLUMNS.map(([column]) => column),
  ...CONTENT_FIELDS,
  ...LINE_FIELDS.map((field) => `line_${field}`),
  ...LINE_TRUST_COLUMNS.map(([column]) => column),
];
