import { toCsv, type CsvCell } from '../../platform/lib/csv.ts';
import type { HistoryPoint } from './history.schema.ts';

const COLUMNS = [
  'observed_at',
  'topic',
  'found',
  'price_min',
  'price_avg',
  'price_max',
  'offers_count',
  'buybox_price',
  'currency',
] as const satisfies ReadonlyArray<keyof HistoryPoint>;

/** A history page as a table: the header and one row per point (the writers neutralise formulas). */
export function historyTable(points: readonly HistoryPoint[]): { columns: string[]; rows: CsvCell[][] } {
  return {
    columns: [...COLUMNS],
    rows: points.map((point) => COLUMNS.map((column) => point[column])),
  };
}

/** A history page as CSV: RFC 4180, a header row, one row per point, empty cells for nulls. */
export function historyToCsv(points: readonly HistoryPoint[]): string {
  const { columns, rows } = historyTable(points);
  return toCsv([columns, ...rows]);
}
