import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from './dom.ts';
import { factsFromMicrodata } from './microdata.ts';

describe('factsFromMicrodata', () => {
  it('reads a product item with a nested offer', () => {
    const html = `<div itemscope itemtype="http://schema.org/Product">
      <h1 itemprop="name">Desk lamp</h1>
      <span itemprop="sku">DL-7</span><meta itemprop="gtin13" content="4006381333931">
      <div itemprop="brand" itemscope itemtype="http://schema.org/Brand"><span itemprop="name">Lumo</span></div>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
        <meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="39.90">39,90 €</span>
        <link itemprop="availability" href="http://schema.org/InStock">
      </div></div>`;
    assert.deepEqual(factsFromMicrodata(parseHtml(html)), {
      price: '39.90',
      currency: 'EUR',
      availability: 'InStock',
      sku: 'DL-7',
      gtin: '4006381333931',
      name: 'Desk lamp',
      brand: 'Lumo',
    });
  });

  it('ignores the properties of related products nested in the main item', () => {
    const html = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Main</span>
      <div itemprop="isRelatedTo" itemscope itemtype="https://schema.org/Product">
        <span itemprop="name">Other</span><span itemprop="price">5.00</span></div>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">25.00</span></div></div>`;
    const facts = factsFromMicrodata(parseHtml(html));
    assert.equal(facts.name, 'Main');
    assert.equal(facts.price, '25.00');
  });

  it('skips a price drawn crossed out and prefers the price the page shows', () => {
    const html = `<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Book</span>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="18.00"></div>
      <del><span itemprop="price">20,00</span></del>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="17.10">
        <strong>€ 17,10</strong></div></div>`;
    assert.equal(factsFromMicrodata(parseHtml(html)).price, '17.10');
  });

  it('reads a lone offer outside any product item', () => {
    const html = `<div><span itemprop="offers" itemscope itemtype="http://schema.org/Offer">
      <meta itemprop="price" content="229.99"><link itemprop="availability" href="http://schema.org/OutOfStock"></span></div>`;
    const facts = factsFromMicrodata(parseHtml(html));
    assert.equal(facts.price, '229.99');
    assert.equal(facts.availability, 'OutOfStock');
  });

  it('reads RDFa properties of a product type', () => {
    const html = `<div vocab="https://schema.org/" typeof="Product"><span property="name">Mug</span>
      <span property="sku">MG-1</span><div property="offers" typeof="Offer"><span property="price" content="8.50">8,50</span></div></div>`;
    const facts = factsFromMicrodata(parseHtml(html));
    assert.equal(facts.sku, 'MG-1');
    assert.equal(facts.price, '8.50');
  });
});
