import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { writeXlsx } from './xlsx.ts';

async function readCells(bytes: Buffer): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  assert.ok(sheet);
  const cells: unknown[] = [];
  sheet.getRow(2).eachCell({ includeEmpty: true }, (cell) => cells.push(cell.value));
  return cells;
}

describe('writeXlsx: text no XML 1.0 document may hold', () => {
  it('keeps noncharacters, C0 controls and DEL, and text that looks like an escape, as they were', async () => {
    const cells = [
      'a\uFFFEb',
      'c\uFFFFd',
      'bell\u0007 null\u0000 esc\u001B del\u007F next-line\u0085',
      'tab\tline\nreturn\rend',
      'literal _x0041_ and _x005F_',
      'plain',
    ];
    const read = await readCells(await writeXlsx('t', cells.map(String), [cells]));
    assert.deepEqual(read, cells);
  });

  it('writes a lone surrogate as U+FFFD, as the UTF-8 of the CSV and JSON downloads does', async () => {
    const read = await readCells(await writeXlsx('t', ['a'], [['x\uD800y\uDFFFz']]));
    assert.deepEqual(read, ['x\uFFFDy\uFFFDz']);
  });

  it('cuts text past the 32 767 characters a cell holds, saying so', async () => {
    const [cell, controls] = await readCells(
      await writeXlsx('t', ['a', 'b'], [['x'.repeat(40_000), '\u0001'.repeat(40_000)]]),
    );
    assert.equal(cell, `${'x'.repeat(32_766)}…`);
    assert.equal(controls, `${'\u0001'.repeat(32_766)}…`, 'counted before escaping');
  });
});
