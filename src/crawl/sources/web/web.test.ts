import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readWebPage } from './web.parse.ts';
import { canonicalUrl, validateUrl } from './web.url.ts';

describe('the web source: url values', () => {
  it('accepts absolute http and https URLs, commas included', () => {
    assert.equal(validateUrl('https://shop.example/p/1?size=s,m'), null);
    assert.equal(validateUrl('http://shop.example/p'), null);
  });

  it('names what is wrong with anything else', () => {
    assert.match(validateUrl('shop.example/p') ?? '', /absolute http or https URL/);
    assert.match(validateUrl('ftp://shop.example/p') ?? '', /not ftp/);
    assert.match(validateUrl('https://user:pw@shop.example/p') ?? '', /user name or password/);
    assert.match(
      validateUrl(`https://shop.example/${'a'.repeat(2100)}`) ?? '',
      /at most 2048 characters, not 2121/,
    );
  });

  it('keys two spellings of one page alike: case, default port, fragment and tracking parameters', () => {
    assert.equal(
      canonicalUrl('HTTPS://Shop.Example:443/p/1?utm_source=news&size=m&gclid=x&fbclid=y&color=red#reviews'),
      'https://shop.example/p/1?size=m&color=red',
    );
    assert.equal(canonicalUrl('http://shop.example:80/p?utm_medium=a'), 'http://shop.example/p');
    assert.equal(canonicalUrl('http://shop.example:8080/P?b=2&a=1'), 'http://shop.example:8080/P?b=2&a=1');
  });
});

describe('the web source: a product page read', () => {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>T</title></head><body>${body}</body></html>`;

  it('reads a JSON-LD product into content with one offer by the shop', () => {
    const jsonLd = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Desk Lamp',
      sku: 'DL-100',
      gtin13: '4006381333931',
      brand: { '@type': 'Brand', name: 'Lumo' },
      offers: {
        '@type': 'Offer',
        price: '39.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    });
    const content = readWebPage({
      url: 'https://www.shop.example/lamp',
      body: page(`<h1>Desk Lamp</h1><p>39,90 €</p><script type="application/ld+json">${jsonLd}</script>`),
    });
    assert.ok(content);
    assert.equal(content.name, 'Desk Lamp');
    assert.equal(content.brand_name, 'Lumo');
    assert.equal(content.product_id, 'DL-100');
    assert.equal(content.gtin, '4006381333931');
    assert.equal(content.price, 39.9);
    assert.equal(content.currency, 'EUR');
    assert.equal(content.availability, 'in_stock');
    assert.deepEqual(content.offers, [
      {
        position: 1,
        price: 39.9,
        currency: 'EUR',
        shipping: null,
        total: 39.9,
        seller_name: 'www.shop.example',
        availability_code: 'in_stock',
      },
    ]);
    assert.equal(content.offers_count, 1);
    assert.equal(content.price_min, 39.9);
  });

  it('tells an ambiguous dollar by the domain: USD on .com, CAD on .ca', () => {
    const body = page('<h1>Desk Lamp</h1><div class="price">$24.99</div><button>Add to cart</button>');
    assert.equal(readWebPage({ url: 'https://shop.example.com/lamp', body })?.currency, 'USD');
    const canadian = `<!doctype html><html><head><title>T</title></head><body><h1>Desk Lamp</h1><div class="price">$24.99</div><button>Add to cart</button></body></html>`;
    assert.equal(readWebPage({ url: 'https://shop.example.ca/lamp', body: canadian })?.currency, 'CAD');
  });

  it('answers null for a page that is not a product page', () => {
    assert.equal(
      readWebPage({ url: 'https://shop.example/', body: page('<h1>Welcome</h1><p>Our story.</p>') }),
      null,
    );
  });
});
