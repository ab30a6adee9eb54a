import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PageParseError } from '../vocabulary/crawl.errors.ts';
import type { FetchedPage } from '../vocabulary/crawl.types.ts';
import { conditionOf, conditionOfSchema, conditionOfTitle } from './condition.ts';
import { extractJsonLd } from '../extract/jsonld.ts';
import { assertCompletePage, embeddedJson, jsonLdProduct, pageJsonLd, scanWithJsonLd } from './page.ts';
import { scanElements } from './scan.ts';
import { readPageFrom } from './page-text.ts';
import { StateReader, fromMicros } from './state.ts';
import { parseAmount, parseCount } from './values.ts';

const page = (body: string): FetchedPage => ({ url: 'http://shop.test/p/1', status: 200, body, headers: {} });

/** A page whose text is read in pieces of `size` only, as a fetched page's is: `body` throws. */
function pageInPieces(text: string, size: number): FetchedPage {
  const piecesPage = { url: 'http://shop.test/p/1', status: 200, headers: {} } as FetchedPage;
  Object.defineProperty(piecesPage, 'body', {
    get: () => assert.fail('the page was read whole'),
  });
  readPageFrom(piecesPage, {
    pieces: () =>
      Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size)),
    head: (chars) => text.slice(0, chars),
    tail: (chars) => text.slice(-chars),
  });
  return piecesPage;
}

describe('page checks', () => {
  it('accepts whole documents and rejects cut-off ones and captcha pages', () => {
    assert.doesNotThrow(() => assertCompletePage(page('<html><body>ok</body></html>\n')));
    assert.throws(() => assertCompletePage(page('<html><body><ul><li>1')), PageParseError);
    assert.throws(
      () =>
        assertCompletePage(page('<html><head><title>Robot Check</title></head><body>captcha</body></html>')),
      PageParseError,
    );
  });

  it('finds the closing tag of a large page anywhere, also far before its end', () => {
    const filler = `<script>${'x'.repeat(200_000)}</script>`;
    assert.doesNotThrow(() => assertCompletePage(page(`<html><body>${filler}</body></html>`)));
    // Comments and scripts after </html>, longer than the tail looked at first.
    assert.doesNotThrow(() => assertCompletePage(page(`<html><body></body></html><!--${filler}-->`)));
    assert.throws(() => assertCompletePage(page(`<html><body>${filler}<p>cut`)), PageParseError);
  });

  it('rejects a captcha page followed by a long body, and accepts a product page that mentions captcha late', () => {
    const filler = `<script>${'x'.repeat(200_000)}</script>`;
    const block = `<html><head><title>Robot Check</title></head><body><form>captcha</form>${filler}</body></html>`;
    assert.throws(() => assertCompletePage(page(block)), PageParseError);
    const product = `<html><head><title>Kettle</title></head><body>${filler}<script>captcha()</script></body></html>`;
    assert.doesNotThrow(() => assertCompletePage(page(product)));
  });

  it('finds the closing html tag of a large page near its end or far before it, and misses none', () => {
    const filler = `<script>${'var x = "<p>";'.repeat(20_000)}</script>`;
    assert.doesNotThrow(() => assertCompletePage(page(`<html><body>${filler}</body></HTML >`)));
    assert.doesNotThrow(() => assertCompletePage(page(`<html><body></body></html><!--${filler}-->`)));
    assert.throws(() => assertCompletePage(page(`<html><body>${filler}</body></htm`)), PageParseError);
  });

  it('reads embedded state and reports missing or cut state as a parse error', () => {
    const body = '<script id="__STATE__" type="application/json">{"a":{"b":[{"c":"d"}]},"n":2}</script>';
    const state = new StateReader(embeddedJson(page(body), '__STATE__'), 'test');
    assert.equal(state.object('a').array('b')[0]?.string('c'), 'd');
    assert.throws(() => state.string('n'), PageParseError);
    assert.throws(() => embeddedJson(page('<p>no state</p>'), '__STATE__'), PageParseError);
    assert.throws(
      () => embeddedJson(page('<script id="__STATE__">{"a":</script>'), '__STATE__'),
      PageParseError,
    );
  });

  it('reads JSON-LD and embedded state from a page in pieces without reading it whole', () => {
    const text = [
      '<html><head><script type="application/ld+json">{"@type":"BreadcrumbList"}</script>',
      '<SCRIPT type="application/ld+json">{"@type":"Product","sku":"A1"}</SCRIPT>',
      '<script type="application/json" ID="__STATE__">{"a":{"b":"€"}}</script></head></html>',
    ].join('');
    for (const size of [1, 3, 64, text.length]) {
      const cutPage = pageInPieces(text, size);
      assert.deepEqual(pageJsonLd(cutPage), [
        { '@type': 'BreadcrumbList' },
        { '@type': 'Product', sku: 'A1' },
      ]);
      assert.equal(jsonLdProduct(cutPage)?.sku, 'A1');
      assert.deepEqual(embeddedJson(cutPage, '__STATE__'), embeddedJson(page(text), '__STATE__'));
      assert.throws(() => embeddedJson(cutPage, '__OTHER__'), PageParseError);
    }
  });

  it('scans a page and reads its JSON-LD from one reading of its pieces', () => {
    const text =
      '<html><head><script type="application/ld+json">{"@type":"Product","sku":"A1"}</script></head>' +
      '<body><ul class="offers"><li class="offer">1 €</li><li class="offer">2 €</li></ul></body></html>';
    const keep = (name: string): boolean => name === 'li' || name === 'ul';
    for (const size of [1, 7, text.length]) {
      const { kept, jsonLd } = scanWithJsonLd(pageInPieces(text, size), keep);
      assert.deepEqual(
        kept.map((element) => element.text),
        scanElements(text, keep).map((element) => element.text),
      );
      assert.deepEqual(jsonLd, extractJsonLd(text));
    }
  });

  it('finds the JSON-LD product of a page', () => {
    const body =
      '<script type="application/ld+json">{"@type":"Product","name":"X","gtin13":"4006381333931"}</script>';
    assert.equal(jsonLdProduct(page(body))?.gtin13, '4006381333931');
    assert.equal(jsonLdProduct(page('<p></p>')), undefined);
  });
});

describe('value readers', () => {
  it('reads amounts in the storefront formats', () => {
    assert.equal(parseAmount('1.299,99 €'), 1299.99);
    assert.equal(parseAmount("CHF 1'299.90"), 1299.9);
    assert.equal(parseAmount('+ 4,99 € Versand'), 4.99);
    assert.equal(parseAmount('KOSTENLOSE Lieferung'), null);
    assert.equal(parseCount('(12.345 Bewertungen)'), 12345);
    assert.equal(fromMicros(12_990_000), 12.99);
  });

  it('maps condition labels and schema.org conditions', () => {
    assert.equal(conditionOf('Gebraucht - Gut'), 'used');
    assert.equal(conditionOf('Reconditionné'), 'refurbished');
    assert.equal(conditionOf('中古品 - 良い'), 'used');
    assert.equal(conditionOf('Nuevo'), 'new');
    assert.equal(conditionOfSchema('https://schema.org/RefurbishedCondition'), 'refurbished');
    assert.equal(conditionOfSchema(undefined), null);
  });

  it('reads the condition an offer title states in its closing parenthesis, and new without one', () => {
    assert.equal(conditionOfTitle('Akku-Bohrschrauber 18V (Gebraucht - Gut)'), 'used');
    assert.equal(conditionOfTitle("Perceuse (D'occasion - Bon)"), 'used');
    assert.equal(conditionOfTitle('Monitor 27 (Generalüberholt)'), 'refurbished');
    assert.equal(conditionOfTitle('Monitor 27 Zoll (2024)'), 'new');
    assert.equal(conditionOfTitle('Used car polish kit'), 'new');
  });

  it('reads a page naming an Object.prototype property as an unknown condition, not a function', () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype))
      assert.equal(conditionOfSchema(`https://schema.org/${name}`), null, name);
  });
});
