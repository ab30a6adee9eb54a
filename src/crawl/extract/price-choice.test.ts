import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from './dom.ts';
import { findShownPrices, type ShownPrices } from './layout-price.ts';
import { choosePrice } from './price-choice.ts';

/** The prices a small product page shows in its buy box, scored as the extractor scores them. */
function shownOn(buyBox: string): ShownPrices {
  const page = parseHtml(
    `<html><body><h1>Pillows, pair</h1><div class="bidding-box">${buyBox}</div>
     <section class="related-items"><span class="price">$80</span></section></body></html>`,
  );
  const title = page.elements.find((e) => e.tag === 'h1');
  return findShownPrices(page, title?.order ?? null);
}

describe('choosePrice', () => {
  it('takes the structured price when the page shows it as a price', () => {
    const shown = shownOn('<span class="price">$150</span>');
    assert.deepEqual(choosePrice([{ price: '150', currency: 'USD' }], shown), {
      price: '150',
      currency: 'USD',
    });
  });

  it('settles structured layers that disagree by the price the page shows best', () => {
    const shown = shownOn('<span class="price">$200</span><span>Starting price $150</span>');
    const jsonLd = { price: '150', currency: 'USD' };
    const meta = { price: '200', currency: 'USD' };
    assert.equal(choosePrice([jsonLd, null, meta], shown)?.price, '200');
    // Agreeing layers are not second-guessed by a price the page also shows.
    assert.equal(choosePrice([jsonLd, { price: '150.00' }], shown)?.price, '150');
  });

  it('takes the shown price when the structured one is shown only crossed out, or not at all', () => {
    const crossed = shownOn('<del class="price">$120.00</del> <span class="price">$99.00</span>');
    assert.equal(choosePrice([{ price: '120.00', currency: 'USD' }], crossed)?.price, '99.00');
    const elsewhere = shownOn('<span class="price">$99.00</span>');
    assert.deepEqual(choosePrice([{ price: '87.00', currency: 'USD' }], elsewhere), {
      price: '99.00',
      currency: '$',
    });
  });

  it('keeps the structured price when the page shows no clear price of its own', () => {
    const weak = shownOn('<span>Call us</span>');
    assert.equal(choosePrice([{ price: '60' }], weak)?.price, '60');
    assert.equal(choosePrice([{ price: '60' }], null)?.price, '60');
  });

  it('falls back to the shown price without structured data, and to null without either', () => {
    assert.equal(choosePrice([null, {}], shownOn('<span class="price">$99.00</span>'))?.price, '99.00');
    assert.equal(choosePrice([], shownOn('<span>Call us</span>')), null);
  });
});
