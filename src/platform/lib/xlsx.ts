import type ExcelJS from 'exceljs';
import { neutralizeFormula } from './csv.ts';

/** One cell of a sheet: text, number, boolean or empty. */
export type SheetCell = string | number | boolean | null;

/** The media type of an XLSX workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The most characters an Excel cell holds (Excel specifications and limits). */
export const MAX_CELL_TEXT = 32_767;

/**
 * Control characters (Unicode `Cc`) but tab and line feed: the C0 controls XML 1.0 forbids, DEL
 * (which exceljs drops), carriage return (which XML readers turn into a line feed) and the C1
 * controls; the noncharacters U+FFFE and U+FFFF XML 1.0 forbids too; and an underscore starting
 * text that already reads as an escape (`_x0041_`).
 */
const NOT_XML_TEXT = /(?![\t\n])\p{Cc}|[\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/gu;

/** A UTF-16 surrogate without its other half (String.prototype.toWellFormed, before ES2024). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as a cell of a workbook can hold it, keeping what it can. A workbook is XML, and a
 * character XML 1.0 forbids (U+FFFE, U+FFFF, most C0 controls) made the file unreadable to Excel
 * and exceljs, while exceljs silently dropped the controls (and DEL) the CSV keeps. Each control
 * character but tab and line feed, and each of those two noncharacters, is written as OOXML's own escape `_xHHHH_` (ECMA-376 part 1, 22.9.2.19 ST_Xstring), which Excel and exceljs
 * read back as the character; an underscore that would start such an escape in the text itself is
 * written `_x005F_`, so `_x0041_` stays those seven characters. What it replaces: a lone UTF-16
 * surrogate becomes U+FFFD (as in the UTF-8 of every other download), and text past the
 * {@link MAX_CELL_TEXT} characters a cell holds is cut there, ending in `…`.
 */
export function xmlSafeText(text: string): string {
  const whole = text.replace(LONE_SURROGATE, '\uFFFD');
  // Cut in characters as Excel counts them (before escaping), never between a surrogate pair.
  const kept = whole.length > MAX_CELL_TEXT ? `${whole.slice(0, MAX_CELL_TEXT - 1)}…` : whole;
  return kept
    .replace(LONE_SURROGATE, '')
    .replace(NOT_XML_TEXT, (found) =>
      found === '_' ? '_x005F_' : `_x${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    );
}

function typedCell(cell: SheetCell): ExcelJS.CellValue {
  // A UTC timestamp becomes a date cell; text stays text (never a formula: exceljs writes formulas
  // only from `{ formula }` objects) and formula-like text is neutralised as the CSV does.
  if (typeof cell !== 'string') return cell;
  return ISO_INSTANT.test(cell) ? new Date(cell) : xmlSafeText(neutralizeFormula(cell));
}

/**
 * Writes one sheet: a bold, frozen header row, then the rows with numbers and booleans as typed
 * cells, UTC timestamps as dates shown `yyyy-mm-dd hh:mm:ss` and text through {@link xmlSafeText}
 * (the one writer of text cells).
 */
export async function writeXlsx(
  sheetName: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly SheetCell[]>,
): Promise<Buffer> {
  // Loaded on the first download: exceljs and its zip stack are the largest module tree the service
  // has, and a start should not pay for it (docs/performance.md, "Start time").
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(columns.map(xmlSafeText)).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row.map(typedCell));
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
