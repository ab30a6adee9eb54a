import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractProduct } from './extract.ts';
import { priceTextOf } from './price-text.ts';
import { parseHtml } from './dom.ts';
import { isHidden } from './layout.ts';

/** A page without structured data: the title, a buy box, and a carousel of other products. */
function page(buyBox: string): string {
  return `<!doctype html><html lang="en-US"><head><title>Power Bank 20000mAh</title></head><body>
    <div id="centerCol"><h1 id="title">Power Bank 20000mAh</h1>${buyBox}</div>
    <div class="similar-items"><span class="price">$29.99</span></div></body></html>`;
}

/** Amazon's way of writing a price: once for screen readers, once drawn for the eye. */
function amazonPrice(amount: string, attrs = ''): string {
  const [whole, cents] = amount.split('.');
  return `<span class="a-price"${attrs}><span class="a-offscreen">$${amount}</span><span aria-hidden="true"><span
    class="a-price-symbol">$</span><span class="a-price-whole">${whole}<span class="a-price-decimal">.</span></span><span
    class="a-price-fraction">${cents}</span></span></span>`;
}

describe('layout price: the buy box over list and "was" prices', () => {
  it('takes the price to pay, not the struck list price beside it', () => {
    const buyBox = `<div id="corePriceDisplay" class="price-box">
      <span class="priceToPay">${amazonPrice('35.99')}</span>
      <div><span class="basisPrice">List Price: ${amazonPrice('45.99', ' data-a-strike="true"')}</span></div></div>`;
    const product = extractProduct(page(buyBox));
    assert.equal(product.price, '35.99');
    assert.equal(product.currency, 'USD');
  });

  it('reads a list price marked only by a strike flag as an old price', () => {
    const buyBox = `<div class="price-box"><span class="list" data-strike="true">$45.99</span>
      <span class="amount">$35.99</span></div>`;
    assert.equal(extractProduct(page(buyBox)).price, '35.99');
  });

  it('does not take the buy box for a list of other products because a row of it is named "upsell"', () => {
    const buyBox = `<div id="primeSavingsUpsellAccordionRow"><div class="price-box">
      <span class="priceToPay">${amazonPrice('35.99')}</span>
      <span class="basisPrice">List Price: ${amazonPrice('45.99', ' data-a-strike="true"')}</span></div></div>`;
    assert.equal(extractProduct(page(buyBox)).price, '35.99');
    const upsellList = `<span class="price">$35.99</span>
      <div class="upsell-products"><span class="price special">$31.99</span></div>`;
    assert.equal(extractProduct(page(upsellList)).price, '35.99');
  });

  it('takes a price named "old" by its theme when no current price stands beside it', () => {
    // OpenCart themes name the regular price so and show it alone, next to the price without tax.
    const lone = `<ul class="price-list"><li class="price"><span class="price-old-live">40.00€</span></li>
      <li class="price-tax">Brez DDV: <span class="price-tax-live">36.53€</span></li></ul>`;
    assert.equal(extractProduct(page(lone)).price, '40.00');
    const beside = `<ul class="price-list"><li class="price"><span class="price-old-live">40.00€</span>
      <span class="price-new-live">32.00€</span></li></ul>`;
    assert.equal(extractProduct(page(beside)).price, '32.00');
  });
});

describe('layout price: hidden prices', () => {
  it('does not take the price of a hidden section for another buying option', () => {
    const buyBox = `<div class="price-box"><span class="price">$35.99</span></div>
      <div id="otherOptionRow" style="display:none"><div class="price-box"><div class="wrap">
      <span class="price price-to-pay">$45.99</span></div></div></div>`;
    assert.equal(extractProduct(page(buyBox)).price, '35.99');
  });

  it('still reads a hidden copy of the price when the page shows it in no other way', () => {
    const buyBox =
      '<div class="product-price"><span class="price-value" style="display:none">1679 ₪</span></div>';
    assert.equal(extractProduct(page(buyBox)).price, '1679');
  });

  it('counts classes that hide an element on phones only as shown', () => {
    const shown = parseHtml('<div class="hidden md:block"><b>x</b></div><p class="d-none d-lg-flex">y</p>');
    const hidden = parseHtml('<div class="hidden"><b>x</b></div><p class="d-none">y</p>');
    for (const e of shown.elements) assert.equal(isHidden(e), false, e.tag);
    for (const e of hidden.elements) assert.equal(isHidden(e), true, e.tag);
  });
});

describe('priceTextOf', () => {
  it('reads a price written twice, for screen readers and for the eye, once', () => {
    const element = parseHtml(amazonPrice('35.99')).elements[0];
    assert.ok(element !== undefined);
    assert.equal(priceTextOf(element), '$35.99');
  });

  it('reads the drawn copy when it is all there is', () => {
    const element = parseHtml('<span class="p"><span aria-hidden="true">€ 12,50</span></span>').elements[0];
    assert.ok(element !== undefined);
    assert.equal(priceTextOf(element), '€ 12,50');
  });
});
