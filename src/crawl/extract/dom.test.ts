import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHtml, type HtmlElement } from './dom.ts';
import { shortTextOf, textOf } from './text.ts';

function byId(html: string, id: string): HtmlElement {
  const element = parseHtml(html).elements.find((e) => e.attrs['id'] === id);
  assert.ok(element !== undefined, `no element #${id}`);
  return element;
}

describe('parseHtml', () => {
  it('counts visible characters without any kind of whitespace, as \\s defines it', () => {
    const spaces = ' \t\n\u00a0\u2009\u202f\u3000\ufeff';
    const element = byId(`<p id="p">1${spaces}299${spaces}€<script>var x = 1;</script></p>`, 'p');
    assert.equal(element.textSize, 5);
  });
});

describe('shortTextOf', () => {
  it('gives the same text for a leaf and for text split over inline and block children', () => {
    assert.equal(
      shortTextOf(byId('<span id="s">  EAN: 4006381333931 </span>', 's'), 60),
      'EAN: 4006381333931',
    );
    const nested = byId('<div id="d"><b>EAN</b>: 4006<i>381333931</i><div>more</div></div>', 'd');
    assert.equal(shortTextOf(nested, 60), 'EAN: 4006381333931 more');
    assert.equal(textOf(nested), 'EAN: 4006381333931 more');
  });

  it('answers null for a text over the limit, also when the same element was asked with a larger one', () => {
    const element = byId('<p id="p">In stock, ships within two days</p>', 'p');
    assert.equal(shortTextOf(element, 60), 'In stock, ships within two days');
    assert.equal(shortTextOf(element, 10), null);
  });
});
