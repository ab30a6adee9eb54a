import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { availabilityFromFlag, normalizeAvailability } from './availability.ts';

describe('normalizeAvailability', () => {
  it('reads schema.org values in any spelling', () => {
    assert.equal(normalizeAvailability('https://schema.org/InStock'), 'InStock');
    assert.equal(normalizeAvailability('http://schema.org/OutOfStock'), 'OutOfStock');
    assert.equal(normalizeAvailability('schema:SoldOut'), 'OutOfStock');
    assert.equal(normalizeAvailability('in_stock'), 'InStock');
    assert.equal(normalizeAvailability('out of stock'), 'OutOfStock');
    assert.equal(normalizeAvailability('LimitedAvailability'), 'InStock');
    assert.equal(normalizeAvailability('Discontinued'), 'OutOfStock');
  });

  it('reads "no longer" and negated phrases as out of stock, though they contain in-stock words', () => {
    const cases: [string, 'InStock' | 'OutOfStock'][] = [
      ['No longer in stock', 'OutOfStock'],
      ['Nicht mehr verfügbar', 'OutOfStock'],
      ['Non disponible', 'OutOfStock'],
      ['Nincs raktáron', 'OutOfStock'],
      ['Niet meer leverbaar', 'OutOfStock'],
      ['Tidak tersedia', 'OutOfStock'],
      ['Товар закончился', 'OutOfStock'],
      ['在庫なし', 'OutOfStock'],
      ['Pre-order now', 'InStock'],
      ['Còn hàng', 'InStock'],
    ];
    for (const [text, expected] of cases) assert.equal(normalizeAvailability(text), expected, text);
  });

  it('reads stock phrases in many languages', () => {
    const cases: [string, 'InStock' | 'OutOfStock'][] = [
      ['Auf Lager', 'InStock'],
      ['Derzeit nicht verfügbar.', 'OutOfStock'],
      ['Actuellement indisponible.', 'OutOfStock'],
      ['En stock.', 'InStock'],
      ['Agotado', 'OutOfStock'],
      ['Disponibile presso questi venditori', 'InStock'],
      ['Нет в наличии', 'OutOfStock'],
      ['В наличии', 'InStock'],
      ['Produkt niedostępny', 'OutOfStock'],
      ['Skladem', 'InStock'],
      ['在庫切れ', 'OutOfStock'],
      ['Momenteel niet verkrijgbaar.', 'OutOfStock'],
      ['Op voorraad', 'InStock'],
      ['Tillfälligt slut', 'OutOfStock'],
      ['Stokta yok', 'OutOfStock'],
    ];
    for (const [text, expected] of cases) assert.equal(normalizeAvailability(text), expected, text);
  });

  it('checks negative phrases before the positive ones they contain', () => {
    assert.equal(normalizeAvailability('Currently unavailable'), 'OutOfStock');
    assert.equal(normalizeAvailability('not in stock'), 'OutOfStock');
    assert.equal(normalizeAvailability('no disponible'), 'OutOfStock');
  });

  it('returns null for text that says neither', () => {
    assert.equal(normalizeAvailability(''), null);
    assert.equal(normalizeAvailability('Free delivery over £50'), null);
  });
});

describe('availabilityFromFlag', () => {
  it('reads booleans and strings from script state', () => {
    assert.equal(availabilityFromFlag(true), 'InStock');
    assert.equal(availabilityFromFlag(false), 'OutOfStock');
    assert.equal(availabilityFromFlag('instock'), 'InStock');
    assert.equal(availabilityFromFlag(3), null);
  });
});
