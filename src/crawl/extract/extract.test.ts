import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml } from './dom.ts';
import { extractProduct } from './extract.ts';

/** A small product page with a header menu, a buy box and a carousel of other products. */
function shopPage(buyBox: string, head = ''): string {
  return `<!doctype html><html><head><title>Trail Shoe X | Shop</title>${head}</head><body>
    <nav class="main-menu"><a href="/sale">Sale from £5.00</a></nav>
    <div class="product-page"><h1 class="product-title">Trail Shoe X</h1>${buyBox}</div>
    <section class="related-products"><div class="product-tile"><span class="price">£19.99</span></div></section>
    <footer>Gift cards £10.00</footer></body></html>`;
}

describe('extractProduct', () => {
  it('prefers JSON-LD over what the page shows, when the page shows its price too', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Trail Shoe X","sku":"TS-1",
      "offers":{"price":"89.00","priceCurrency":"GBP","availability":"https://schema.org/InStock"}}</script>`;
    const buyBox = '<span class="price">£95.00</span><p class="price">Members: £89.00</p>';
    const product = extractProduct(shopPage(buyBox, ld));
    assert.equal(product.price, '89.00');
    assert.equal(product.currency, 'GBP');
    assert.equal(product.sku, 'TS-1');
    assert.equal(product.availability, 'InStock');
    assert.equal(product.name, 'Trail Shoe X');
  });

  it('reads the page once: a page parsed beforehand gives the same product, JSON-LD included', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Trail Shoe X","sku":"TS-1",
      "gtin13":"4006381333931","offers":{"price":"89.00","priceCurrency":"GBP"}}</script>`;
    const html = shopPage('<span class="price">£89.00</span><p>Product code: 141677</p>', ld);
    const parsed = parseHtml(html);
    const product = extractProduct(parsed, { url: 'https://shop.example/p/1' });
    assert.deepEqual(product, extractProduct(html, { url: 'https://shop.example/p/1' }));
    assert.deepEqual(
      [product.price, product.currency, product.gtin, product.sku, product.name],
      ['89.00', 'GBP', '4006381333931', '141677', 'Trail Shoe X'],
    );
  });

  it('takes JSON-LD from the parsed page, so a block commented out is not read', () => {
    const ld = `<!-- <script type="application/ld+json">{"@type":"Product","offers":{"price":"1.00"}}</script> -->`;
    assert.equal(extractProduct(shopPage('<span class="price">£89.00</span>', ld)).price, '89.00');
  });

  it('reads OpenGraph product tags and Twitter product cards', () => {
    const og =
      '<meta property="product:price:amount" content="34.99"><meta property="product:price:currency" content="GBP">';
    assert.equal(extractProduct(shopPage('', og)).price, '34.99');
    const card = '<meta name="twitter:label1" content="Price"><meta name="twitter:data1" content="$60">';
    assert.equal(extractProduct(shopPage('', card)).price, '60');
  });

  it('finds the current price next to the title and not the crossed-out or other prices', () => {
    const buyBox = `<div class="price-box"><span class="old-price">£120.00</span>
      <span class="price price--sale">£89.99</span><span class="shipping-price">+ £4.99 shipping</span></div>`;
    const product = extractProduct(shopPage(buyBox));
    assert.equal(product.price, '89.99');
    assert.equal(product.currency, 'GBP');
  });

  it('reads the sale price in the markup of common shop platforms', () => {
    const woo = `<p class="price"><del><span class="woocommerce-Price-amount amount"><bdi><span
      class="woocommerce-Price-currencySymbol">£</span>20.00</bdi></span></del> <ins><span
      class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">£</span>15.00</bdi></span></ins></p>`;
    const shopify = `<div class="price price--on-sale"><div class="price__regular"><span class="price-item
      price-item--regular">£20.00</span></div><div class="price__sale"><s class="price-item price-item--regular">£20.00</s>
      <span class="price-item price-item--sale price-item--last">£15.00</span></div></div>`;
    const magento = `<div class="price-box"><span class="special-price"><span class="price">£15,00</span></span>
      <span class="old-price"><span class="price">£20,00</span></span></div>`;
    for (const buyBox of [woo, shopify, magento])
      assert.equal(extractProduct(shopPage(buyBox)).price, '15.00');
  });

  it('reads prices with cents set apart in a superscript', () => {
    const product = extractProduct(
      shopPage('<p class="product-new-price">1.399<sup>98</sup> <span>Lei</span></p>'),
    );
    assert.equal(product.price, '1399.98');
  });

  it('reads a product code printed with a label over a structured id', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","sku":"10134622","offers":{"price":9.99}}</script>`;
    const product = extractProduct(shopPage('<p class="prd-code">Product code: 141677</p>', ld));
    assert.equal(product.sku, '141677');
  });

  it('reads a code from a table row label', () => {
    const table =
      '<table><tr><th>Colour</th><td>Red</td></tr><tr><th>Artikelnummer</th><td>AB-12345</td></tr></table>';
    assert.equal(extractProduct(shopPage(table)).sku, 'AB-12345');
  });

  it('falls back to the product id in the URL', () => {
    const product = extractProduct(shopPage('<span class="price">£5.00</span>'), {
      url: 'https://shop.example/itm/Trail-Shoe-X/302474151804',
    });
    assert.equal(product.sku, '302474151804');
  });

  it('reads an out-of-stock message next to the product', () => {
    const buyBox = '<div id="availability"><span>Currently unavailable.</span></div>';
    assert.equal(extractProduct(shopPage(buyBox)).availability, 'OutOfStock');
  });

  it('does not take stock in a particular store for the product state', () => {
    const buyBox = `<span class="price">£20.00</span><div class="store-stock">Out of stock in store: Leeds</div>`;
    assert.equal(extractProduct(shopPage(buyBox)).availability, 'InStock');
  });

  it('does not take a hidden template message for the product state', () => {
    const buyBox = `<span class="price">£20.00</span><div class="stock-status hidden">Sold out</div>`;
    assert.equal(extractProduct(shopPage(buyBox)).availability, 'InStock');
  });

  it('takes a price from script state only when the page shows it, reading cents', () => {
    const state = `<script>window.__INITIAL_STATE__ = {product: {name: 'Trail Shoe X', price: 10900, sku: 'TS-9'}};</script>`;
    const shown = extractProduct(shopPage('<div class="buy"><b>109,00 €</b></div>', state));
    assert.equal(shown.price, '109.00');
    const hidden = extractProduct(shopPage('<div class="buy">Call us</div>', state));
    assert.equal(hidden.price, null);
    assert.equal(hidden.sku, 'TS-9');
  });

  it('names the product after its title heading when no markup names it', () => {
    assert.equal(extractProduct(shopPage('<span class="price">£5.00</span>')).name, 'Trail Shoe X');
  });

  it('drops unfilled template variables', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Trail Shoe X","brand":"$metabrand",
      "offers":{"price":"5","priceCurrency":"gbp"}}</script>`;
    const product = extractProduct(shopPage('', ld));
    assert.equal(product.brand, null);
    assert.equal(product.currency, 'GBP');
  });

  it('never throws on broken HTML and reports nothing it did not find', () => {
    const broken = '<html><body><div class="price"><span>€<b>12,<i>50</div></td></tr><script>{{{</script><p';
    assert.doesNotThrow(() => extractProduct(broken));
    assert.deepEqual(extractProduct(''), {
      price: null,
      currency: null,
      sku: null,
      gtin: null,
      availability: null,
      name: null,
      brand: null,
    });
  });

  it('stays fast on pathological markup: endless nesting and huge dotted scripts', () => {
    const deep = `<h1>Deep</h1><span class="price">€ 12,50</span>${'<div>'.repeat(100_000)}x`;
    const dotted = `<script>${'a.'.repeat(200_000)}x = {"a": 1};</script><h1>Dots</h1>`;
    for (const html of [deep, dotted]) {
      const started = performance.now();
      extractProduct(html);
      assert.ok(performance.now() - started < 3000, `took ${(performance.now() - started).toFixed(0)} ms`);
    }
    assert.equal(extractProduct(deep).price, '12.50');
  });
});
