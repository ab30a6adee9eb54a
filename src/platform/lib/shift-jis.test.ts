import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeShiftJisPercent, encodeShiftJis, encodeShiftJisPercent } from './shift-jis.ts';

describe('encodeShiftJis', () => {
  it('writes what a Shift_JIS decoder reads back', () => {
    const text = 'ネダン比較 ￥12,980 送料無料 在庫あり ｶﾀｶﾅ <a href="/item/K0001234567/">';
    const bytes = encodeShiftJis(text);
    assert.equal(new TextDecoder('shift_jis').decode(bytes), text);
    assert.notEqual(bytes.length, Buffer.byteLength(text, 'utf8'));
  });

  it('writes a character Shift_JIS lacks as an HTML character reference', () => {
    assert.equal(new TextDecoder('shift_jis').decode(encodeShiftJis('a€b😀')), 'a&#x20ac;b&#x1f600;');
  });

  it('percent-encodes a search term in Shift_JIS and reads it back', () => {
    const term = 'ノート pc+1';
    const segment = encodeShiftJisPercent(term);
    assert.equal(segment, '%83m%81%5B%83g%20pc%2B1');
    assert.equal(decodeShiftJisPercent(segment), term);
    assert.equal(decodeShiftJisPercent('%83m%81%5B%83g+pc'), 'ノート pc');
  });
});
