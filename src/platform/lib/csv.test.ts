import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCsv } from './csv.ts';

/** Every first character a spreadsheet may run as a formula (OWASP CSV injection), full-width forms too. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

describe('CSV writing (decisions G10)', () => {
  for (const start of FORMULA_STARTS) {
    it(`prefixes an apostrophe to a cell starting with U+${start.codePointAt(0)?.toString(16).padStart(4, '0')}`, () => {
      const cell = `${start}HYPERLINK("http://x.example")`;
      const [, row] = toCsv([['name'], [cell]]).split('\r\n');
      assert.equal(row?.replace(/^"|"$/g, '').replace(/""/g, '"'), `'${cell}`);
    });
  }

  it('leaves plain text, negative numbers and booleans as they are', () => {
    assert.equal(
      toCsv([
        ['a', 'b', 'c', 'd', 'e'],
        ['plain', -5, true, false, null],
      ]),
      'a,b,c,d,e\r\nplain,-5,true,false,\r\n',
    );
  });

  it('quotes per RFC 4180 with CRLF line ends', () => {
    assert.equal(toCsv([['x'], ['Pen, "fine"']]), 'x\r\n"Pen, ""fine"""\r\n');
  });
});
