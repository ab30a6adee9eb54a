import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  firstWithClass,
  hasClass,
  insideAll,
  keepClasses,
  scanElements,
  textOfClass,
  withClass,
} from './scan.ts';

const HTML = `<html><head><link rel="canonical" href="/p?a=1&amp;b=2"></head><body>
<ul class="list"><li class="row x" data-id="1"><span class="price">1,00&nbsp;€</span><p>loose<div class="shop">A<br>B</div></li>
<li class="row" data-id="2"><span class="price">2,00</span><span class="price">!</span></li></ul>
<div class="rowing">not a row</div></body></html>`;

describe('streaming element scan', () => {
  const kept = scanElements(
    HTML,
    (name, attribs) => name === 'link' || keepClasses(['list', 'row', 'price', 'shop'])(name, attribs),
  );

  it('keeps only the named elements, in document order, with decoded attributes', () => {
    assert.deepEqual(
      kept.map((element) => element.name),
      ['link', 'ul', 'li', 'span', 'div', 'li', 'span', 'span'],
    );
    assert.equal(kept[0]?.attribs.href, '/p?a=1&b=2');
  });

  it('gives each element its whole decoded text and the kept elements inside it, across implied closes', () => {
    const rows = withClass(kept, 'row', 'li');
    assert.equal(rows.length, 2);
    assert.equal(rows[0]?.attribs['data-id'], '1');
    assert.equal(textOfClass(rows[0]?.inner ?? [], 'price'), '1,00\u00a0€');
    assert.equal(firstWithClass(rows[0]?.inner ?? [], 'shop')?.text, 'AB');
    assert.equal(textOfClass(rows[1]?.inner ?? [], 'price'), '2,00!');
    assert.equal(firstWithClass(rows[1]?.inner ?? [], 'shop'), undefined);
  });

  it('matches whole class names only and searches several containers once each', () => {
    assert.equal(hasClass(withClass(kept, 'row')[0] ?? { classes: [] }, 'rowing'), false);
    assert.equal(hasClass(withClass(kept, 'row')[0] ?? { classes: [] }, 'x'), true);
    const list = withClass(kept, 'list');
    assert.equal(insideAll(list).length, 6);
    assert.equal(insideAll([...list, ...withClass(kept, 'row')]).length, 6);
    assert.deepEqual(insideAll([]), []);
  });

  it('keeps a tag only inside a named container when the rule looks at the kept parent', () => {
    const inside = scanElements(
      HTML,
      (name, attribs, parent) =>
        keepClasses(['row'])(name, attribs) ||
        (name === 'span' && parent !== undefined && hasClass(parent, 'x')),
    );
    assert.deepEqual(
      inside.map((element) => `${element.name}:${element.attribs['data-id'] ?? element.text}`),
      ['li:1', 'span:1,00\u00a0€', 'li:2'],
    );
  });

  it('gives the text without hidden parts as shownText, never hiding the element itself', () => {
    const html =
      '<div class="t">Title<span class="clipped">opens a tab</span> <b>new</b></div><p class="clipped">x<i class="clipped">y</i></p>';
    const kept = scanElements(html, keepClasses(['t', 'clipped']), {
      hide: (_name, attribs) => attribs.class === 'clipped',
    });
    const title = kept.find((element) => element.name === 'div');
    const clipped = kept.find((element) => element.name === 'p');
    assert.equal(title?.text, 'Titleopens a tab new');
    assert.equal(title?.shownText, 'Title new');
    assert.equal(clipped?.shownText, 'x');
    assert.equal(scanElements(html, keepClasses(['t']))[0]?.shownText, undefined);
  });

  it('keeps by class exactly as splitting the class attribute on whitespace does', () => {
    const names = ['row', 'a-b', 'x.y'];
    const keep = keepClasses(names);
    const values = [
      'row',
      ' row ',
      'rows',
      'arow',
      'a-b\tc',
      'a-bc',
      'x.y',
      'xzy',
      'q\nrow',
      'q\u00a0row',
      '',
      ' ',
      'x.y\u2003',
    ];
    for (const value of values) {
      const split = value.split(/\s+/).some((name) => names.includes(name));
      assert.equal(keep('div', { class: value }), split, JSON.stringify(value));
    }
    assert.equal(keep('div', {}), false);
  });
});
