import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findBadText, textProblem } from './http.text.ts';

describe('text no field may hold', () => {
  it('accepts controls, non-ASCII, surrogate pairs and U+FFFE; refuses NUL and lone surrogates', () => {
    for (const text of ['a\tb', '\u001b[31m', 'é日本', '🙂', '\uFFFE', ''])
      assert.equal(textProblem(text), undefined);
    assert.match(textProblem('ab\u0000') ?? '', /U\+0000 \(NUL\) at character 2/);
    assert.match(textProblem('x\uD800') ?? '', /lone surrogate \(U\+D800\) at character 1/);
    assert.match(textProblem('\uDC00🙂') ?? '', /lone surrogate \(U\+DC00\) at character 0/);
  });

  it('names the field: an array position, a nested name, or a bad name itself', () => {
    assert.equal(findBadText({ values: ['a', 'b\u0000'] })?.field, 'values[1]');
    assert.equal(findBadText({ a: { b: '\uD800' } })?.field, 'a.b');
    assert.equal(findBadText({ ['k\u0000']: 1 })?.field, 'the name of k\u0000');
    assert.equal(findBadText({ values: ['a', 'b'], n: 1, x: null }), undefined);
  });
});
