import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { load } from 'cheerio/slim';
import { classPattern, scanElements } from './scan.ts';
import {
  attributeOf,
  findFirst,
  selectAll,
  withClassName,
  withId,
  withTag,
  type ElementTest,
} from './scan-select.ts';

const HTML = `<html lang="de"><body>
<div data-cy="title-recipe"><div class="card" id="c1"><h2>outside recipe</h2></div></div>
<div class="card" id="c2" data-cy="title-recipe"><h2>card is the recipe</h2></div>
<div class="card" id="c3"><div data-cy="title-recipe"><h2>inside</h2></div><h2>plain</h2></div>
<div id="box"><span class="a-price a-text-price"><span class="a-offscreen">struck</span></span>
<span class="a-price"><span class="a-offscreen">shown</span></span></div>
<input type="checkbox" id="cb"><input id="plain"><option id="opt">text value</option>
</body></html>`;

const kept = scanElements(
  HTML,
  (name, attribs) =>
    ['div', 'h2', 'span', 'input', 'option', 'html'].includes(name) || attribs.id !== undefined,
);
const $ = load(HTML);
const RECIPE: ElementTest = (element) => element.attribs['data-cy'] === 'title-recipe';

describe('descendant selectors over scanned elements', () => {
  it('look for the outer part within a scope, the scope itself included, as cheerio find does', () => {
    for (const id of ['c1', 'c2', 'c3']) {
      const card = kept.find(withId(id));
      assert.ok(card);
      const scanned = findFirst(card, [RECIPE, withTag('h2')])?.text;
      const dom = $(`#${id}`).find('[data-cy="title-recipe"] h2').first();
      assert.equal(scanned, dom.length > 0 ? dom.text() : undefined, id);
    }
  });

  it('match whole paths from the page, with :not on a middle part', () => {
    const path = [
      withId('box'),
      withClassName('a-price', undefined, 'a-text-price'),
      withClassName('a-offscreen'),
    ];
    assert.deepEqual(
      selectAll(kept, path).map((element) => element.text),
      $('#box .a-price:not(.a-text-price) .a-offscreen')
        .toArray()
        .map((element) => $(element).text()),
    );
    assert.equal(selectAll(kept, [withId('box'), withClassName('a-offscreen')]).length, 2);
  });

  it('read attributes as cheerio attr does', () => {
    for (const id of ['cb', 'plain', 'opt']) {
      assert.equal(attributeOf(kept.find(withId(id)), 'value'), $(`#${id}`).attr('value'), id);
    }
    assert.equal(attributeOf(kept.find(withTag('html')), 'lang'), 'de');
    assert.equal(attributeOf(undefined, 'lang'), undefined);
  });

  it('find a class as a whole name in a class attribute', () => {
    const pattern = classPattern(['a-price', 'x.y']);
    assert.equal(pattern.test('b a-price\tc'), true);
    assert.equal(pattern.test('a-price-whole'), false);
    assert.equal(pattern.test('x.y'), true);
    assert.equal(pattern.test('xzy'), false);
  });
});
