import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a browser module in plain JavaScript, without type declarations.
import { parseCsv } from './dashboard.values-file.js';

describe('reading a CSV file of values in the dashboard', () => {
  it('sniffs a semicolon (German Excel) and drops a UTF-8 BOM', () => {
    assert.deepEqual(parseCsv('\uFEFFname;gtin\r\nKettle;4006381333931\r\n'), [
      ['name', 'gtin'],
      ['Kettle', '4006381333931'],
    ]);
  });

  it('keeps delimiters, quotes and line breaks inside quoted cells', () => {
    assert.deepEqual(parseCsv('term,id\n"Drill, 18V ""Pro""",1\n"two\nlines",2'), [
      ['term', 'id'],
      ['Drill, 18V "Pro"', '1'],
      ['two\nlines', '2'],
    ]);
  });

  it('reads tab-separated files and skips empty lines', () => {
    assert.deepEqual(parseCsv('a\tb\n\n1\t2\n'), [
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads a single column without a delimiter', () => {
    assert.deepEqual(parseCsv('4006381333931\n4054278533728'), [['4006381333931'], ['4054278533728']]);
  });
});
