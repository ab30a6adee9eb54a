import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractJsonLd, findProductNodes } from './jsonld.ts';
import { parseLenientJson } from './lenient-json.ts';
import { factsFromJsonLd } from './schema-product.ts';

/** Wraps JSON-LD text in a page the way shops embed it. */
function page(...blocks: string[]): string {
  const scripts = blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('\n');
  return `<html><head>${scripts}</head><body><h1>x</h1></body></html>`;
}

describe('extractJsonLd', () => {
  it('returns every JSON-LD object of a page in document order', () => {
    const nodes = extractJsonLd(page('{"@type":"BreadcrumbList"}', '{"@type":"Product","name":"Lamp"}'));
    assert.deepEqual(
      nodes.map((n) => (n as Record<string, unknown>)['@type']),
      ['BreadcrumbList', 'Product'],
    );
  });

  it('flattens @graph lists and top-level arrays', () => {
    const html = page(
      '{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"Product","sku":"A1"}]}',
      '[{"@type":"Organization"},{"@type":"WebSite"}]',
    );
    assert.deepEqual(
      extractJsonLd(html).map((n) => (n as Record<string, unknown>)['@type']),
      ['WebPage', 'Product', 'Organization', 'WebSite'],
    );
  });

  it('reads blocks with trailing commas, raw line breaks and comment wrappers', () => {
    const html = page('<!-- {"@type":"Product","name":"Two\nlines","sku":"X9",} -->');
    assert.deepEqual(extractJsonLd(html), [{ '@type': 'Product', name: 'Two\nlines', sku: 'X9' }]);
  });

  it('keeps what it can of a block cut short and skips one beyond repair', () => {
    const html = page(
      '{"@type":"Product","sku":"K2","offers":{"price":"9.99"',
      'not json at all',
      '{"@type":"Thing"}',
    );
    const nodes = extractJsonLd(html);
    assert.deepEqual(nodes[0], { '@type': 'Product', sku: 'K2', offers: { price: '9.99' } });
    assert.deepEqual(nodes[1], { '@type': 'Thing' });
    assert.equal(nodes.length, 2);
  });

  it('finds blocks whose type attribute is unquoted or differently cased', () => {
    const html = '<SCRIPT TYPE=application/ld+json>{"@type":"Product"}</SCRIPT>';
    assert.deepEqual(extractJsonLd(html), [{ '@type': 'Product' }]);
  });

  it('returns nothing for a page without JSON-LD', () => {
    assert.deepEqual(extractJsonLd('<html><body><p>Hi</p></body></html>'), []);
  });
});

describe('parseLenientJson', () => {
  it('reads JavaScript object literals with bare keys, single quotes and undefined', () => {
    assert.deepEqual(parseLenientJson("{a: 'x', b: undefined, c: [1, 2,], 'd': \"it's\"}"), [
      { a: 'x', b: null, c: [1, 2], d: "it's" },
    ]);
  });

  it('reads objects written back to back and keeps number exponents', () => {
    assert.deepEqual(parseLenientJson('{"a":1e3} {"b":2}'), [{ a: 1000 }, { b: 2 }]);
  });
});

describe('findProductNodes and factsFromJsonLd', () => {
  it('finds a product nested as the main entity of a web page', () => {
    const nodes = [{ '@type': 'WebPage', mainEntity: { '@type': 'Product', name: 'Chair' } }];
    assert.equal(findProductNodes(nodes).length, 1);
  });

  it('recognises product types written in lower case or as URLs', () => {
    const nodes = [
      { '@type': 'product' },
      { '@type': 'http://schema.org/Product' },
      { '@type': ['Thing', 'schema:Book'] },
    ];
    assert.equal(findProductNodes(nodes).length, 3);
  });

  it('reads price, currency, sku, gtin, brand and availability of the first offer in stock', () => {
    const facts = factsFromJsonLd([
      {
        '@type': 'Product',
        name: 'Chair',
        sku: 'CH-1',
        gtin13: '4006381333931',
        brand: { '@type': 'Brand', name: 'Acme' },
        offers: [
          {
            '@type': 'Offer',
            price: '59.00',
            priceCurrency: 'EUR',
            availability: 'https://schema.org/OutOfStock',
          },
          { '@type': 'Offer', price: 49, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
        ],
      },
    ]);
    assert.deepEqual(facts, {
      price: '49',
      currency: 'EUR',
      availability: 'InStock',
      sku: 'CH-1',
      gtin: '4006381333931',
      name: 'Chair',
      brand: 'Acme',
    });
  });

  it('prices an aggregate offer from its low price and a specification from its price', () => {
    assert.equal(
      factsFromJsonLd([
        { '@type': 'Product', offers: { '@type': 'AggregateOffer', lowPrice: '502.20', highPrice: '558' } },
      ]).price,
      '502.20',
    );
    assert.equal(
      factsFromJsonLd([{ '@type': 'Product', offers: { priceSpecification: { price: 19.5 } } }]).price,
      '19.5',
    );
  });

  it('reads one product per variant as one product in stock when any variant is', () => {
    const variant = (sku: string, availability: string) => ({
      '@type': 'Product',
      name: 'Boots',
      sku,
      offers: { price: '69.95', availability: `http://schema.org/${availability}` },
    });
    const facts = factsFromJsonLd([variant('B-35', 'OutOfStock'), variant('B-36', 'InStock')]);
    assert.equal(facts.availability, 'InStock');
    assert.equal(facts.price, '69.95');
  });

  it('takes the price specification that applies, not the list price', () => {
    const offers = {
      priceSpecification: [
        { '@type': 'UnitPriceSpecification', price: 129, priceType: 'https://schema.org/ListPrice' },
        { '@type': 'UnitPriceSpecification', price: 99, priceCurrency: 'EUR' },
      ],
    };
    const facts = factsFromJsonLd([{ '@type': 'Product', offers }]);
    assert.equal(facts.price, '99');
    assert.equal(facts.currency, 'EUR');
  });

  it('tells the page product from related products by the page title', () => {
    const product = (name: string, price: string) => ({ '@type': 'Product', name, offers: { price } });
    const nodes = [product('Garden Hose 20 m', '19.99'), product('Trail Shoe X', '89.00')];
    assert.equal(factsFromJsonLd(nodes, 'Trail Shoe X | Shop').price, '89.00');
    assert.equal(factsFromJsonLd(nodes).price, '19.99');
  });

  it('treats a zero price as no price', () => {
    assert.equal(
      factsFromJsonLd([{ '@type': 'Product', offers: { price: '0.00', priceCurrency: 'EUR' } }]).price,
      null,
    );
  });

  it('skips a sku with inner spaces in favour of the next identifier', () => {
    const facts = factsFromJsonLd([
      { '@type': 'Product', sku: 'OPTIPLEX 9010 TOWER', mpn: '144432', offers: {} },
    ]);
    assert.equal(facts.sku, '144432');
  });
});
