// Reads a file of values into rows of cells: CSV (`,` `;` or tab, sniffed; quotes; a UTF-8 BOM)
// or XLSX (its first sheet). The file never leaves the browser.

import { readXlsxRows } from './dashboard.xlsx.js';

/** The delimiter that splits the first line into the most cells outside quotes. */
function sniffDelimiter(text) {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => [
    delimiter,
    firstLine.replace(/"[^"]*"/g, '').split(delimiter).length,
  ]);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

/** Parses CSV text (RFC 4180 quoting) into rows of cells. */
export function parseCsv(text) {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(source);
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

/**
 * The rows of a CSV or XLSX file. A single column without a header still works: the first row is
 * taken as the header only when the file has more than one column (the column chooser shows it).
 */
export async function readTable(file) {
  const isXlsx = /\.xlsx$/i.test(file.name);
  const rows = isXlsx ? await readXlsxRows(await file.arrayBuffer()) : parseCsv(await file.text());
  if (rows.length === 0) throw new Error(`${file.name} holds no values`);
  const width = Math.max(...rows.map((row) => row.length));
  return width < 2 ? [['values'], ...rows] : rows;
}
