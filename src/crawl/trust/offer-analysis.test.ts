import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeOffers } from './offer-analysis.ts';
import { queryFor } from '../../../test/support/value-query.ts';

const NAME = 'Caffora Roma 200 Kaffeevollautomat, blau';
const query = queryFor('source_02', 'item_code', 'B0ABCDEFGH', { topic: 'search_and_offers' });
const offers = (...entries: Record<string, unknown>[]) => ({ name: NAME, offers: entries });

describe('offer analysis', () => {
  it('takes an offer at a fraction of the median price for another product, not a price outlier', () => {
    const content = offers(
      { price: 499 },
      { price: 519 },
      { price: 39.99, condition: 'new' },
      { price: 505 },
      { price: 489 },
    );
    const analysis = analyzeOffers(query, content);
    assert.deepEqual(analysis.wrong, [2]);
    assert.deepEqual(analysis.outliers, []);
    assert.equal(analysis.pricedCount, 4);
  });

  it('still flags a cheap mispricing above that fraction as a price outlier', () => {
    const content = offers({ price: 499 }, { price: 519 }, { price: 149 }, { price: 505 }, { price: 489 });
    const analysis = analyzeOffers(query, content);
    assert.deepEqual(analysis.wrong, []);
    assert.deepEqual(analysis.outliers, [2]);
  });

  it('keeps used and refurbished offers out of the outlier test', () => {
    const content = offers(
      { price: 499, condition: 'new' },
      { price: 299, condition: 'used' },
      { price: 359, condition: 'refurbished' },
      { price: 505, condition: 'new' },
      { price: 1399, condition: 'new' },
      { price: 489, condition: 'new' },
    );
    const analysis = analyzeOffers(query, content);
    assert.deepEqual(analysis.wrong, [1, 2]);
    assert.deepEqual(analysis.outliers, [4]);
    assert.equal(analysis.pricedCount, 4);
  });

  it('compares two prices with each other, and one price with nothing', () => {
    assert.deepEqual(analyzeOffers(query, offers({ price: 499 }, { price: 19.99 })).wrong, [1]);
    assert.deepEqual(analyzeOffers(query, offers({ price: 499 }, { price: 149 })).wrong, []);
    assert.deepEqual(analyzeOffers(query, offers({ price: 19.99 })).wrong, []);
    assert.deepEqual(analyzeOffers(query, offers({ price: 499 }, { price: 149 })).outliers, []);
  });

  it('accepts the keywords the query itself uses', () => {
    const termQuery = queryFor('source_02', 'term', 'caffora roma gebraucht');
    const analysis = analyzeOffers(
      termQuery,
      offers({ price: 299, condition: 'Gebraucht - Gut' }, { price: 310, condition: 'Neu' }),
    );
    assert.deepEqual(analysis.wrong, []);
  });

  it('compares no prices across the cards of a result list, but still reads their words', () => {
    const termQuery = queryFor('source_03', 'term', 'Kaffeevollautomat');
    const cards = {
      query: 'Kaffeevollautomat',
      offers_count: 5,
      offers: [
        { name: 'Caffora Roma 200 Kaffeevollautomat, blau', price: 499 },
        { name: 'Nordhaus Lungo 980 Kaffeevollautomat, weiß', price: 1299 },
        { name: 'Bellavita Crema 110 Kaffeevollautomat, rot', price: 249 },
        { name: 'Schutzhülle für Caffora Roma 200 Kaffeevollautomat', price: 19.99 },
        { name: 'Bellavita Barista 510 Kaffeevollautomat, weiß', price: 3999 },
      ],
    };
    const analysis = analyzeOffers(termQuery, cards);
    assert.deepEqual(analysis.outliers, []);
    assert.deepEqual(analysis.wrong, [3]);
  });
});
