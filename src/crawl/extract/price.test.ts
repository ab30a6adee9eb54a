import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectCurrency } from './currency.ts';
import {
  findAmounts,
  formatPriceDecimal,
  parsePrice,
  parsePriceDecimal,
  parseStructuredPrice,
} from './price.ts';

describe('parsePrice', () => {
  it('reads a decimal-comma price with a thousands dot', () => {
    assert.equal(parsePrice('1.299,00 €'), 1299);
    assert.equal(parsePriceDecimal('1.299,99 €'), '1299.99');
  });

  it('reads a decimal-point price with a thousands comma', () => {
    assert.equal(parsePriceDecimal('£1,299.99'), '1299.99');
    assert.equal(parsePriceDecimal('$0.99'), '0.99');
  });

  it('reads thousands groups written with spaces, no-break spaces and apostrophes', () => {
    assert.equal(parsePriceDecimal('1 299,00 €'), '1299.00');
    assert.equal(parsePriceDecimal('1\u00a0299,99 €'), '1299.99');
    assert.equal(parsePriceDecimal('kr 1\u202f299,00'), '1299.00');
    assert.equal(parsePriceDecimal("CHF 1'299.90"), '1299.90');
    assert.equal(parsePriceDecimal('44 890 тг.'), '44890');
  });

  it('reads a comma followed by three digits as a thousands separator', () => {
    assert.equal(parsePrice('Rs 23,450'), 23450);
    assert.equal(parsePrice('1.299'), 1299);
    assert.equal(parsePrice('￥12,800'), 12800);
  });

  it('reads a comma followed by one or two digits as the decimal mark', () => {
    assert.equal(parsePriceDecimal('12,50'), '12.50');
    assert.equal(parsePriceDecimal('0,99 €'), '0.99');
    assert.equal(parsePriceDecimal('R$ 49,90'), '49.90');
  });

  it('reads Indian digit grouping (groups of two above the thousands)', () => {
    assert.equal(parsePriceDecimal('₹1,23,456.00'), '123456.00');
    assert.equal(parsePriceDecimal('Rs. 12,34,567'), '1234567');
    assert.equal(parsePriceDecimal('₹2,499.00'), '2499.00');
    assert.equal(parsePriceDecimal('1,23'), '1.23');
  });

  it('reads whole amounts with a trailing dash', () => {
    assert.equal(parsePriceDecimal('€ 20,-'), '20');
  });

  it('returns null for text without an amount', () => {
    assert.equal(parsePrice('Preis auf Anfrage'), null);
    assert.equal(parsePrice(''), null);
  });

  it('rejects numbers whose decimal mark repeats the group separator', () => {
    assert.equal(parsePriceDecimal('1.299.00'), null);
  });
});

describe('findAmounts', () => {
  it('lists every amount with its position', () => {
    const text = 'was 1.299,00 € now 999,00 €';
    const amounts = findAmounts(text);
    assert.deepEqual(
      amounts.map((a) => a.decimal),
      ['1299.00', '999.00'],
    );
    assert.equal(text.slice(amounts[1]!.start, amounts[1]!.end), '999,00');
  });
});

describe('parseStructuredPrice', () => {
  it('takes numbers and dot-decimal strings as schema.org writes them', () => {
    assert.equal(parseStructuredPrice(19.5), '19.5');
    assert.equal(parseStructuredPrice('109.0'), '109.0');
    assert.equal(parseStructuredPrice(' 1.299 '), '1.299');
  });

  it('falls back to the locale-tolerant reading for shop-formatted strings', () => {
    assert.equal(parseStructuredPrice('71,91 € 79,90 €'), '71.91');
    assert.equal(parseStructuredPrice('1.299,00'), '1299.00');
  });

  it('rejects negative numbers and non-amounts', () => {
    assert.equal(parseStructuredPrice(-5), null);
    assert.equal(parseStructuredPrice({ value: 5 }), null);
    assert.equal(parseStructuredPrice('free'), null);
  });
});

describe('formatPriceDecimal', () => {
  it('drops leading zeros but keeps the decimals the page gave', () => {
    assert.equal(formatPriceDecimal('0099.50'), '99.50');
    assert.equal(formatPriceDecimal('0.99'), '0.99');
    assert.equal(formatPriceDecimal('450'), '450');
  });
});

describe('detectCurrency', () => {
  it('maps unambiguous symbols to ISO codes and keeps ambiguous ones as printed', () => {
    assert.equal(detectCurrency('12,50 €'), 'EUR');
    assert.equal(detectCurrency('44 890 тг.'), 'KZT');
    assert.equal(detectCurrency('R$ 1.759,99'), 'BRL');
    assert.equal(detectCurrency('$229.99'), '$');
    assert.equal(detectCurrency('CHF 19.50'), 'CHF');
  });

  it('does not take letters inside words for a currency', () => {
    assert.equal(detectCurrency('left 12'), null);
    assert.equal(detectCurrency('try 3 pens'), null);
  });
});
