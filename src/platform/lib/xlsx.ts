import type ExcelJS from 'exceljs';
import { neutralizeFormula } from './csv.ts';

/** One cell of a sheet: text, number, boolean or empty. */
export type SheetCell = string | number | boolean | null;

/** The media type of an XLSX workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function typedCell(cell: SheetCell): ExcelJS.CellValue {
  // A UTC timestamp becomes a date cell; text stays text (never a formula: exceljs writes formulas
  // only from `{ formula }` objects) and formula-like text is neutralised as the CSV does.
  if (typeof cell !== 'string') return cell;
  return ISO_INSTANT.test(cell) ? new Date(cell) : neutralizeFormula(cell);
}

/**
 * Writes one sheet: a bold, frozen header row, then the rows with numbers and booleans as typed
 * cells and UTC timestamps as dates shown `yyyy-mm-dd hh:mm:ss`.
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
  sheet.addRow([...columns]).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row.map(typedCell));
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
