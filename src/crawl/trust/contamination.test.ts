import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readOffers } from './content.ts';
import {
  modelTokensConflict,
  offerContamination,
  offerNameMismatch,
  wrongProductOffers,
} from './contamination.ts';
import { keywordsIn, wrongProductKinds } from './keywords.ts';

const NAME = 'Nexor Edge 450 Smartphone 128 GB, blau';

describe('wrong-product keywords', () => {
  it('recognises used and refurbished conditions in many languages', () => {
    const used = [
      'Used - Good',
      'Gebraucht - Gut',
      "D'occasion - Bon",
      'Usato',
      'Używany - Dobry',
      '中古品 - 良い',
      'İkinci El - İyi',
      'Begagnad - Bra',
    ];
    for (const text of used) assert.deepEqual(wrongProductKinds(text, []), ['used'], text);
    const refurbished = [
      'Refurbished',
      'Generalüberholt',
      'Reconditionné',
      'Ricondizionato',
      'Gereviseerd',
      '整備済み品',
      'Yenilenmiş',
    ];
    for (const text of refurbished) assert.deepEqual(wrongProductKinds(text, []), ['refurbished'], text);
  });

  it('recognises accessories, also inside compound words', () => {
    const accessories = [
      `Protective case for ${NAME}`,
      `Schutzhülle für ${NAME}`,
      `Beschermhoes voor ${NAME}`,
      `Skyddsfodral för ${NAME}`,
      `${NAME} 用保護ケース`,
      `${NAME} için koruyucu kılıf`,
    ];
    for (const text of accessories) assert.deepEqual(wrongProductKinds(text, [NAME]), ['accessory'], text);
  });

  it('reads a new condition and a negated condition as clean', () => {
    for (const text of ['New', 'Neu', 'Neuf', 'Nuovo', '新品', 'Brand new, never used', 'nicht gebraucht']) {
      assert.deepEqual(wrongProductKinds(text, []), [], text);
    }
  });

  it('ignores keywords that the query or product name carries too', () => {
    assert.deepEqual(wrongProductKinds('Laptop sleeve 15 inch', ['laptop sleeve']), []);
    assert.deepEqual(wrongProductKinds('Refurbished phone', ['refurbished phone']), []);
  });

  it('matches whole words, not parts of other words', () => {
    assert.deepEqual(keywordsIn('Kabellose Kopfhörer', 'accessory'), []);
    assert.deepEqual(keywordsIn('Showcase edition', 'accessory'), []);
    assert.deepEqual(keywordsIn('Yeni', 'refurbished'), []);
  });
});

describe('offer contamination', () => {
  it('detects model tokens that disagree', () => {
    assert.equal(modelTokensConflict(NAME, 'Nexor Edge 460 Smartphone 128 GB, blau'), true);
    assert.equal(modelTokensConflict(NAME, 'Nexor Edge 450 Smartphone 256 GB, blau'), true);
    assert.equal(modelTokensConflict(NAME, 'Nexor Edge 450 Smartphone 128GB blau 2024'), false);
    assert.equal(modelTokensConflict(NAME, 'Nexor Edge Smartphone'), false);
  });

  it('takes an offer named for another product for a mismatch', () => {
    assert.equal(offerNameMismatch(NAME, 'Vextra Lite 220 Smartphone 128 GB, rot'), true);
    assert.equal(offerNameMismatch(NAME, 'NEXOR Edge 450 Smartphone 128GB blau'), false);
  });

  it('lists the accessory, used, refurbished and other-product offers', () => {
    const content = {
      name: NAME,
      offers: [
        { price: 499, title: NAME, condition: 'Neu' },
        { price: 39.99, title: `Schutzhülle für ${NAME}`, condition: 'Neu' },
        { price: 299, title: `${NAME} (Gebraucht - Gut)`, condition: 'Gebraucht - Gut' },
        { price: 359, title: NAME, condition: 'refurbished' },
        { price: 489, title: 'Orbix Max 900 Smartphone 128 GB, schwarz' },
        { price: 505, seller_name: 'Offer without a title' },
      ],
    };
    assert.deepEqual(wrongProductOffers(readOffers(content), NAME, [NAME]), [1, 2, 3, 4]);
  });

  it('is the share of offers that are neither outliers nor wrong products', () => {
    assert.equal(offerContamination(10, [2], [5, 7]), 0.7);
    assert.equal(offerContamination(4, [1], [1]), 0.75, 'an offer in both lists counts once');
    assert.equal(offerContamination(0, [], []), 1);
  });
});
