import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { identity, parseProductRecord, UNVERIFIED_IDENTITY, WRONG_PRODUCT_FACTOR } from './identity.ts';
import { queryFor } from '../../../test/support/value-query.ts';
import { diceCoefficient, foldText, nameSimilarity, normalizeGtin, tokenSet } from './text.ts';

const HEADPHONES = 'Sonora Aria 300 Kabellose Kopfhörer, schwarz';

describe('name similarity', () => {
  it('folds accents, case and punctuation before comparing', () => {
    assert.equal(foldText('Kopfhörer  Größe, Café-Crème'), 'kopfhorer grosse cafe creme');
  });

  it('joins a number and a unit written apart into one token', () => {
    assert.deepEqual([...tokenSet('Smartphone 128 GB')], ['smartphone', '128gb']);
    assert.deepEqual([...tokenSet('Smartphone 128GB')], ['smartphone', '128gb']);
  });

  it('computes the Dice coefficient of two token sets', () => {
    assert.equal(diceCoefficient(new Set(['a', 'b']), new Set(['b', 'c', 'd'])), 0.4);
    assert.equal(diceCoefficient(new Set(), new Set()), 0);
  });

  it('is the mean of query coverage and Dice', () => {
    // term tokens {sonora, aria}: both in the 6-token name; coverage 1, Dice 2·2/(2+6) = 0.5.
    assert.equal(nameSimilarity('Sonora Aria', HEADPHONES), 0.75);
    assert.equal(nameSimilarity('Vextra Pulse', HEADPHONES), 0);
  });
});

describe('identity', () => {
  it('is 1 for an equal GTIN, also written as UPC or GTIN-14, and 0 for another GTIN', () => {
    const content = { product_id: '123', gtin: '4006381333931' };
    assert.equal(identity(queryFor('source_01', 'gtin', '4006381333931'), content), 1);
    assert.equal(identity(queryFor('source_01', 'gtin', '04006381333931'), content), 1);
    assert.equal(identity(queryFor('source_01', 'gtin', '4006381333948'), content), 0);
    assert.equal(normalizeGtin('036000291452'), '00036000291452');
  });

  it('finds the GTIN in a list of GTINs', () => {
    const content = { gtins: ['4006381333948', '4006381333931'] };
    assert.equal(identity(queryFor('source_04', 'gtin', '4006381333931'), content), 1);
  });

  it('is unverified when the content carries no GTIN to compare', () => {
    assert.equal(
      identity(queryFor('source_02', 'gtin', '4006381333931'), { product_id: 'B0ABCDEFGH' }),
      UNVERIFIED_IDENTITY,
    );
  });

  it('compares ids and item codes ignoring case and separators', () => {
    assert.equal(identity(queryFor('source_01', 'id', '98765'), { id: '98765', product_id: '98765' }), 1);
    assert.equal(identity(queryFor('source_01', 'id', '98765'), { id: '11111', product_id: '11111' }), 0);
    assert.equal(identity(queryFor('source_02', 'item_code', 'b0abcdefgh'), { product_id: 'B0ABCDEFGH' }), 1);
    assert.equal(identity(queryFor('source_02', 'item_code', 'B0ABCDEFGH'), { product_id: 'B0ZZZZZZZZ' }), 0);
  });

  it('checks a PZN only against a pzn field, never against the product id', () => {
    const content = { id: '555', product_id: '555', pzn: '01234567' };
    assert.equal(identity(queryFor('source_01', 'pzn', '01234567'), content), 1);
    assert.equal(identity(queryFor('source_01', 'pzn', '07654321'), content), 0);
    assert.equal(identity(queryFor('source_01', 'pzn', '01234567'), { id: '555' }), UNVERIFIED_IDENTITY);
  });

  it('rates a term by the similarity of the product name to it', () => {
    assert.equal(identity(queryFor('source_01', 'term', 'sonora aria'), { name: HEADPHONES }), 0.75);
    assert.equal(identity(queryFor('source_01', 'term', 'vextra pulse'), { name: HEADPHONES }), 0);
    assert.equal(identity(queryFor('source_01', 'term', 'sonora aria'), { id: '1' }), 0);
  });

  it('lowers a term match that is an accessory the term did not ask for', () => {
    const accessory = { name: `Schutzhülle für ${HEADPHONES}` };
    const plain = identity(queryFor('source_01', 'term', 'sonora aria 300'), { name: HEADPHONES });
    const lowered = identity(queryFor('source_01', 'term', 'sonora aria 300'), accessory);
    assert.ok(lowered <= plain * WRONG_PRODUCT_FACTOR, `${lowered} vs ${plain}`);
    const asked = identity(queryFor('source_01', 'term', 'schutzhülle sonora aria 300'), accessory);
    assert.ok(asked > 0.5, `asking for the case is a match: ${asked}`);
  });

  it('parses a product record into gtin, brand, name and mpn', () => {
    assert.deepEqual(parseProductRecord('|Sonora|Aria 300, black|'), {
      gtin: '',
      brand: 'Sonora',
      name: 'Aria 300, black',
      mpn: '',
    });
    assert.deepEqual(parseProductRecord('4006381333931'), {
      gtin: '4006381333931',
      brand: '',
      name: '',
      mpn: '',
    });
  });

  it('decides a product record by GTIN, then MPN, then brand and name', () => {
    const content = { gtin: '4006381333931', mpn: 'SON-AR300-11', brand: 'Sonora', name: HEADPHONES };
    const product = (value: string) => identity(queryFor('source_03', 'product', value), content);
    assert.equal(product('4006381333931|Vextra|Other|X'), 1, 'GTIN wins over a contradicting name');
    assert.equal(product('4006381333948||Aria|'), 0);
    assert.equal(product('||Aria 300|son-ar300-11'), 1);
    assert.equal(product('||Aria 300|SON-AR999-11'), 0);
    assert.equal(product('|Vextra|Aria 300 Kabellose Kopfhörer|'), 0, 'another brand');
    assert.ok(product('|Sonora|Aria 300 Kabellose Kopfhörer|') > 0.8);
  });

  it('adds the content brand to its name when the name lacks it', () => {
    const content = { brand_name: 'Sonora', name: 'Aria 300 Kabellose Kopfhörer' };
    const value = identity(
      queryFor('source_03', 'product', '|Sonora|Aria 300 Kabellose Kopfhörer|'),
      content,
    );
    assert.equal(value, 1);
  });

  it('rates a result list of cards by the mean term identity of the named cards', () => {
    const cards = {
      query: 'sonora aria',
      offers: [{ name: HEADPHONES }, { name: 'Vextra Pulse 200 Wireless' }, { price: 5 }],
    };
    assert.equal(identity(queryFor('source_03', 'term', 'sonora aria'), cards), 0.375);
    assert.equal(
      identity(queryFor('source_03', 'term', 'sonora aria'), { query: 'x', offers: [{ price: 5 }] }),
      0,
    );
  });
});
