import { stringify } from 'csv-stringify/sync';

/** A CSV cell: text, a number, a boolean (written `true`/`false`), or null (an empty cell). */
export type CsvCell = string | number | boolean | null;

/**
 * Writes rows as RFC 4180 CSV with CRLF line ends (decisions G10). Text cells a spreadsheet would
 * run as a formula get a leading apostrophe through csv-stringify's own `escape_formulas`, which
 * covers `= + - @`, tab, carriage return and the full-width `＝ ＋ － ＠` (OWASP CSV injection);
 * numbers are values, so a negative price stays `-2`.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      record_delimiter: '\r\n',
      escape_formulas: true,
      cast: { boolean: (value) => String(value) },
    },
  );
}

/**
 * The characters csv-stringify's `escape_formulas` escapes, for writers of other formats (XLSX) so
 * that a cell reads the same in every download (decisions G10).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Prefixes formula-like text with an apostrophe, exactly as the CSV download does. */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
