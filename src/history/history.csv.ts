import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula } from '../lib/csv.ts';
import type { SheetCell } from '../lib/xlsx.ts';
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

/** A history page as a table: the header and one row per point, formula-like text neutralised. */
export function historyTable(points: readonly HistoryPoint[]): { columns: string[]; rows: SheetCell[][] } {
  return {
    columns: [...COLUMNS],
    rows: points.map((point) =>
      COLUMNS.map((column) => {
        const cell = point[column];
        return typeof cell === 'string' ? neutralizeFormula(cell) : cell;
      }),
    ),
  };
}

/** A history page as CSV: RFC 4180, a header row, one row per point, empty cells for nulls. */
export function historyToCsv(points: readonly HistoryPoint[]): string {
  const { columns, rows } = historyTable(points);
  const records = rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))));
  return stringify([columns, ...records], { record_delimiter: '\r\n' });
}
