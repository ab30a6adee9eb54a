import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../random.ts';
import { gtin13CheckDigit, isValidGtin13, isValidPzn, randomGtin13, randomPzn } from './identifiers.ts';

describe('identifiers', () => {
  it('computes GS1 check digits of known GTINs', () => {
    assert.equal(gtin13CheckDigit('400638133393'), 1);
    assert.ok(isValidGtin13('4006381333931'));
    assert.ok(!isValidGtin13('4006381333932'));
    assert.ok(!isValidGtin13('400638133393'));
  });

  it('validates PZN-8 modulo 11 and rejects check value 10', () => {
    assert.ok(isValidPzn('01234562'));
    assert.ok(!isValidPzn('01234563'));
    // 1·1 + 7·7 = 50 ≡ 6 (mod 11).
    assert.ok(isValidPzn('10000076'));
    // 1·3 + 7·1 = 10: no digit can carry check value 10, so no PZN starts 3000001.
    assert.ok(!isValidPzn('30000010'));
  });

  it('generates only valid identifiers', () => {
    const rng = createRng(42);
    for (let i = 0; i < 500; i++) {
      assert.ok(isValidGtin13(randomGtin13('400', rng)));
      assert.ok(isValidPzn(randomPzn(rng)));
    }
  });
});
