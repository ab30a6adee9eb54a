import { toCsv, type CsvCell } from '../../platform/lib/csv.ts';
import type { ResultItem } from '../../pipeline/work/work.table.ts';
import { DOWNLOAD_COLUMNS, LINE_FIELDS, type RowKind } from './jobs.columns.ts';

/** One cell of a download row. */
export type Cell = CsvCell;
type Row = Record<string, Cell>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toCell(value: unknown): Cell | undefined {
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  if (
    Array.isArray(value) &&
    value.every((entry) => typeof entry === 'string' || typeof entry === 'number')
  ) {
    return value.join('|');
  }
  return undefined;
}

/** Scalar fields of an object, with one level of nested objects flattened as `outer_inner`. */
function flatten(source: Record<string, unknown>, prefix: string): Row {
  const row: Row = {};
  for (const [field, value] of Object.entries(source)) {
    const cell = toCell(value);
    if (cell !== undefined) {
      row[`${prefix}${field}`] = cell;
    } else if (isRecord(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        const innerCell = toCell(innerValue);
        if (innerCell !== undefined) row[`${prefix}${field}_${inner}`] = innerCell;
      }
    }
  }
  return row;
}

/** The columns of the result itself: its fields, trust, then its content's fields. */
function resultRow(item: ResultItem): Row {
  const { offers: _offers, search_results: _searchResults, ...product } = item.content ?? {};
  const components = item.trust.components;
  return {
    key: item.key,
    success: item.success,
    reason: item.reason,
    reason_detail: item.reason_detail ?? null,
    served_from: item.served_from,
    observed_at: item.observed_at,
    trust_score: item.trust.score,
    trust_identity: components.identity,
    trust_completeness: components.completeness,
    trust_price_integrity: components.price_integrity,
    trust_offer_contamination: components.offer_contamination,
    trust_freshness: components.freshness,
    ...flatten(product, ''),
  };
}

const LINE_FIELD_SET: ReadonlySet<string> = new Set(LINE_FIELDS);

/** The `line_*` columns of one offer or search result; its `position` is the row's own column. */
function lineRow(entry: Record<string, unknown>): Row {
  const row: Row = {};
  for (const [field, cell] of Object.entries(flatten(entry, ''))) {
    if (LINE_FIELD_SET.has(field)) row[`line_${field}`] = cell;
  }
  return row;
}

const recordsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/**
 * The rows of one result (decisions G10, G36): one per offer, then one per search result, each with
 * the result's fields repeated; a result without offers gets one `result` row before its search
 * results. `position` numbers the rows of each kind from 1 (an offer's own `position` where it has one).
 */
function rowsOf(item: ResultItem): Row[] {
  const base = resultRow(item);
  const offers = recordsOf(item.content?.['offers']);
  const searchResults = recordsOf(item.content?.['search_results']);
  const flagged = new Set(item.trust.flagged_offers);
  const wrong = new Set(item.trust.wrong_product_offers ?? []);
  const row = (kind: RowKind, position: number, fields: Row): Row => ({
    row_kind: kind,
    position,
    ...base,
    ...fields,
  });
  const offerRows = offers.map((offer, index) =>
    row('offer', typeof offer['position'] === 'number' ? offer['position'] : index + 1, {
      ...lineRow(offer),
      line_flagged: flagged.has(index),
      line_wrong_product: wrong.has(index),
    }),
  );
  const searchRows = searchResults.map((result, index) => row('search_result', index + 1, lineRow(result)));
  return [...(offerRows.length > 0 ? offerRows : [row('result', 1, {})]), ...searchRows];
}

/** A download as a table: the header and one row of cells per line. */
export interface ResultTable {
  columns: string[];
  rows: Cell[][];
}

/**
 * The rows of decisions G10 and G36, shared by the CSV and XLSX downloads: every download has the
 * same columns in the same order (`jobs.columns.ts`), whatever the source and key, so files of
 * different jobs stack; a column a result does not fill is empty.
 */
export function resultsTable(items: readonly ResultItem[]): ResultTable {
  const columns = [...DOWNLOAD_COLUMNS];
  return {
    columns,
    rows: items.flatMap(rowsOf).map((row) => columns.map((column) => row[column] ?? null)),
  };
}

/** The CSV download of decisions G10: RFC 4180, a header row, then {@link resultsTable}'s rows. */
export function resultsToCsv(items: readonly ResultItem[]): string {
  const { columns, rows } = resultsTable(items);
  return toCsv([columns, ...rows]);
}
