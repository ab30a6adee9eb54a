import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractProduct } from './extract.ts';
import { isValidGtin } from './layout-gtin.ts';

/** A product page without structured data: title, a buy box, and a related product with its price. */
function plainPage(buyBox: string, title = 'Kaffeebohnen Espresso 1 kg'): string {
  return `<!doctype html><html><head><title>${title} | Shop</title></head><body>
    <div class="product-detail"><h1>${title}</h1>${buyBox}</div>
    <section class="recommendations"><div class="tile"><span class="price">3,99 €</span></div></section>
    </body></html>`;
}

describe('extractProduct on pages with no structured data', () => {
  it('takes the selling price, not the unit price quoted per kilogram, litre or 100 g', () => {
    // The unit price comes first and is also named a price, so only its wording tells it apart.
    const cases = [
      '<div class="price-note">(1,50 € / 100 g)</div>',
      '<div class="price-note">29,98 € je 1 l</div>',
      '<div class="price-note">1 kg = 29,98 €</div>',
      '<div class="price-note">29,98 € за 1 кг</div>',
      '<div class="price-note">29,98 € al kg</div>',
    ].map((unitPrice) => `${unitPrice}<div class="price">14,99 €</div>`);
    for (const buyBox of cases) assert.equal(extractProduct(plainPage(buyBox)).price, '14.99', buyBox);
  });

  it('skips a reference price introduced by words of several languages', () => {
    const cases = [
      '<div class="price-note">M.R.P.: ₹1,999.00</div><div class="price">₹1,499.00</div>',
      '<div class="price-note">Старая цена 2 499 ₽</div><div class="price">1 999 ₽</div>',
      '<div class="price-note">Было 2 499 ₽</div><div class="price">1 999 ₽</div>',
      '<div class="price-note">Stara cena 249,00 zł</div><div class="price">199,00 zł</div>',
      '<div class="price-note">Ursprünglich 249,00 €</div><div class="price">199,00 €</div>',
    ];
    const wanted = ['1499.00', '1999', '1999', '199.00', '199.00'];
    cases.forEach((buyBox, i) => assert.equal(extractProduct(plainPage(buyBox)).price, wanted[i], buyBox));
  });

  it('reads an old-price or unit-price label written around the amount in a parent element', () => {
    const oldLabel = '<p>Was: <span class="price">£20.00</span></p><span class="price">£15.00</span>';
    assert.equal(extractProduct(plainPage(oldLabel)).price, '15.00');
    const unitLabel = '<div>Per 100 g: <b class="price">1,20 €</b></div><div class="price">14,99 €</div>';
    assert.equal(extractProduct(plainPage(unitLabel)).price, '14.99');
  });

  it('skips an old price marked by a class name in another language', () => {
    const buyBox = '<span class="preis-streichpreis">249,00 €</span><span class="preis">199,00 €</span>';
    assert.equal(extractProduct(plainPage(buyBox)).price, '199.00');
  });

  it('ignores prices in an area named by the abbreviation of recommendations', () => {
    const page = plainPage(
      '<div class="reco-list"><p class="reco-price">C $8.38</p></div><span id="p1">GBP 11.19</span>',
    );
    assert.equal(extractProduct(page).price, '11.19');
  });

  it('gives a bare amount the currency of the other prices on the page', () => {
    const product = extractProduct(plainPage('<div class="product-price">29,99</div>'));
    assert.equal(product.price, '29.99');
    assert.equal(product.currency, 'EUR');
  });

  it('reads Indian digit grouping', () => {
    assert.equal(extractProduct(plainPage('<div class="price">₹1,23,456.00</div>')).price, '123456.00');
  });

  it('reads a labelled barcode number as the GTIN when its check digit is right', () => {
    const page = plainPage('<div class="price">14,99 €</div><ul><li>EAN: 4006381333931.</li></ul>');
    assert.equal(extractProduct(page).gtin, '4006381333931');
    const table = plainPage('<table><tr><th>Barcode</th><td>4006381333931</td></tr></table>');
    assert.equal(extractProduct(table).gtin, '4006381333931');
    const wrongCheckDigit = plainPage('<div class="price">14,99 €</div><p>EAN: 4006381333932</p>');
    assert.equal(extractProduct(wrongCheckDigit).gtin, null);
  });
});

describe('isValidGtin', () => {
  it('accepts EAN-8, UPC-A, EAN-13 and GTIN-14 with their GS1 check digit', () => {
    for (const gtin of ['96385074', '036000291452', '4006381333931', '9789724084985', '10036000291459']) {
      assert.equal(isValidGtin(gtin), true, gtin);
    }
  });

  it('rejects a wrong check digit, other lengths and all zeros', () => {
    for (const text of ['4006381333932', '12345', '400638133393', '0000000000000', '40063813339311a']) {
      assert.equal(isValidGtin(text), false, text);
    }
  });
});

describe('extractProduct on variant pages', () => {
  const ld = `<script type="application/ld+json">{"@type":"Product","name":"Tee","offers":[
    {"@type":"Offer","sku":"TEE-S","price":"19.00","priceCurrency":"EUR","url":"https://shop.example/p/tee?variant=101",
     "availability":"https://schema.org/InStock"},
    {"@type":"Offer","sku":"TEE-XL","price":"23.00","priceCurrency":"EUR","url":"https://shop.example/p/tee?variant=104",
     "availability":"https://schema.org/InStock"}]}</script>`;
  const page = `<html><head><title>Tee</title>${ld}</head><body><h1>Tee</h1></body></html>`;

  it('takes the offer of the variant the address selects', () => {
    assert.equal(extractProduct(page, { url: 'https://shop.example/p/tee?variant=104' }).price, '23.00');
    assert.equal(
      extractProduct(page, { url: 'https://www.shop.example/p/tee/?variant=104#reviews' }).price,
      '23.00',
    );
  });

  it('matches a variant by its SKU in the query', () => {
    assert.equal(extractProduct(page, { url: 'https://shop.example/p/tee?size=TEE-XL' }).price, '23.00');
  });

  it('falls back to the first in-stock offer when the address selects none', () => {
    assert.equal(extractProduct(page, { url: 'https://shop.example/p/tee' }).price, '19.00');
  });
});

describe('extractProduct currencies', () => {
  it('reports the retired code RUR as RUB', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Чайник",
      "offers":{"price":"1990","priceCurrency":"RUR"}}</script>`;
    assert.equal(extractProduct(`<html><head>${ld}</head><body></body></html>`).currency, 'RUB');
  });

  it('reads prefixed dollar signs and other markers as their ISO codes', () => {
    const cases: [string, string][] = [
      ['A$ 49.95', 'AUD'],
      ['US$ 12.00', 'USD'],
      ['RM 129.00', 'MYR'],
      ['S/ 59.90', 'PEN'],
      ['Rp 150.000', 'IDR'],
    ];
    for (const [shown, code] of cases) {
      assert.equal(extractProduct(plainPage(`<div class="price">${shown}</div>`)).currency, code, shown);
    }
  });
});
