import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anyGtin, gtin13, itemCode, numericId, productRecord, pzn } from './sources.validators.ts';

describe('value validators', () => {
  it('accepts a GTIN-13 with a correct check digit', () => {
    assert.equal(gtin13('4006381333931'), null);
    assert.equal(gtin13('4054278533728'), null);
  });

  it('names what is wrong with a GTIN-13: the right check digit, the length, other characters', () => {
    assert.equal(gtin13('4006381333932'), 'GTIN-13 check digit is 1, not 2');
    assert.equal(gtin13('400638133393'), 'GTIN-13 must be 13 digits, not 12');
    assert.equal(gtin13('40063813339a1'), 'GTIN-13 must be 13 digits, and this value has other characters');
  });

  it('accepts EAN-8, UPC-12 and GTIN-14 where the source allows EAN/UPC', () => {
    assert.equal(anyGtin('96385074'), null);
    assert.equal(anyGtin('036000291452'), null);
    assert.equal(anyGtin('10036000291459'), null);
    assert.equal(anyGtin('036000291453'), 'GTIN check digit is 2, not 3');
    assert.equal(anyGtin('1234567'), 'GTIN must be 8, 12, 13 or 14 digits, not 7');
  });

  it('checks PZN mod-11 and accepts the 7-digit form', () => {
    assert.equal(pzn('01234562'), null);
    assert.equal(pzn('1234562'), null);
    assert.equal(pzn('01234563'), 'PZN check digit is 2, not 3');
    assert.equal(pzn('123'), 'PZN must be 7 or 8 digits, not 3');
  });

  it('rejects a PZN whose weighted sum leaves 10', () => {
    // 7 × 3 = 21 and 21 mod 11 = 10: no check digit can match.
    assert.match(pzn('00000030') ?? '', /check digit/);
  });

  it('requires 10 alphanumerics for an item code', () => {
    assert.equal(itemCode('B07FW264WL'), null);
    assert.equal(itemCode('B07FW264W'), 'item code must be 10 letters or digits, not 9 characters');
    assert.equal(
      itemCode('B07FW264W!'),
      'item code must be 10 letters or digits, and this value has other characters',
    );
  });

  it('requires digits for a numeric id', () => {
    assert.equal(numericId('123456'), null);
    assert.equal(numericId('12a'), 'id must be numeric (digits only), and this value has other characters');
  });

  it('accepts product records with a gtin, an mpn, or brand and name', () => {
    assert.equal(productRecord('4006381333931|||'), null);
    assert.equal(productRecord('||Name|'), 'product record needs a gtin, an mpn, or brand and name');
    assert.equal(productRecord('|Brand|Name, with comma|'), null);
    assert.equal(productRecord('|||MPN-1'), null);
    assert.equal(productRecord('4006381333932|Brand|Name|'), 'product record: GTIN check digit is 1, not 2');
    assert.match(productRecord('a|b|c|d|e') ?? '', /more than 4 segments/);
  });
});
