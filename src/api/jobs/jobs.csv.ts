import { toCsv, type CsvCell } from '../../platform/lib/csv.ts';
import type { ResultItem } from '../../pipeline/work/work.table.ts';

/** One cell of a download row. */
export type Cell = CsvCell;
type Row = Record<string, Cell>;

const BASE_COLUMNS = ['key', 'success', 'reason', 'served_from', 'observed_at', 'trust_score'] as const;

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
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        const innerCell = toCell(innerValue);
        if (innerCell !== undefined) row[`${prefix}${field}_${inner}`] = innerCell;
      }
    }
  }
  return row;
}

function rowsOf(item: ResultItem): Row[] {
  const base: Row = {
    key: item.key,
    success: item.success,
    reason: item.reason,
    served_from: item.served_from,
    observed_at: item.observed_at,
    trust_score: item.trust.score,
  };
  const content = item.content ?? {};
  const { offers, ...product } = content;
  const productRow = { ...base, ...flatten(product, '') };
  const offerList = Array.isArray(offers)
    ? offers.filter((offer) => typeof offer === 'object' && offer !== null)
    : [];
  if (offerList.length === 0) return [productRow];
  const flagged = new Set(item.trust.flagged_offers);
  return offerList.map((offer, index) => ({
    ...productRow,
    ...flatten(offer as Record<string, unknown>, 'offer_'),
    offer_flagged: flagged.has(index),
  }));
}

/** A download as a table: the header and one row of cells per line, formula-like text neutralised. */
export interface ResultTable {
  columns: string[];
  rows: Cell[][];
}

/**
 * The rows of decisions G10, shared by the CSV and XLSX downloads: one row per offer with the
 * result's fields repeated, one row for a result without offers. Columns are the union over all
 * results, in first-seen order, so every row lines up under one header.
 */
export function resultsTable(items: readonly ResultItem[]): ResultTable {
  const rows = items.flatMap(rowsOf);
  const columns: string[] = [...BASE_COLUMNS];
  const seen = new Set<string>(columns);
  for (const row of rows) {
    for (const column of Object.keys(row)) {
      if (!seen.has(column)) {
        seen.add(column);
        columns.push(column);
      }
    }
  }
  return {
    columns,
    rows: rows.map((row) => columns.map((column) => row[column] ?? null)),
  };
}

/** The CSV download of decisions G10: RFC 4180, a header row, then {@link resultsTable}'s rows. */
export function resultsToCsv(items: readonly ResultItem[]): string {
  const { columns, rows } = resultsTable(items);
  return toCsv([columns, ...rows]);
}
