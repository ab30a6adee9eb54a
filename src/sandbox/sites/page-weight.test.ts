import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { weighPage } from './page-weight.ts';

const PAGE =
  '<!DOCTYPE html><html><head><title>t</title></head><body><p class="price">19,99 €</p></body></html>';

describe('weighPage', () => {
  it('answers a light page unchanged', () => {
    assert.equal(weighPage(PAGE, { weight: 'light', targetBytes: 100_000, seed: 'a' }), PAGE);
  });

  it('pads a real page to its target size with styles in the head and scripts at the end of the body', () => {
    const heavy = weighPage(PAGE, { weight: 'real', targetBytes: 300_000, seed: 'a' });
    assert.ok(Math.abs(heavy.length - 300_000) < 1_000, `length ${heavy.length}`);
    assert.match(heavy, /<style>[^<]+<\/style>\n<\/head>/);
    assert.match(heavy, /<\/script>\n<\/body><\/html>$/);
    assert.ok(heavy.includes('<p class="price">19,99 €</p>'));
  });

  it('adds nothing a parser reads: no decimal prices, currency signs or JSON', () => {
    const heavy = weighPage(PAGE, { weight: 'real', targetBytes: 200_000, seed: 'b' });
    const filler = heavy.replace('<p class="price">19,99 €</p>', '');
    assert.doesNotMatch(filler, /[€$£¥]|\d[.,]\d\d\b|application\/(ld\+)?json/);
  });

  it('draws the same filler for the same seed and another for another', () => {
    const spec = { weight: 'real' as const, targetBytes: 50_000 };
    assert.equal(weighPage(PAGE, { ...spec, seed: 'x' }), weighPage(PAGE, { ...spec, seed: 'x' }));
    assert.notEqual(weighPage(PAGE, { ...spec, seed: 'x' }), weighPage(PAGE, { ...spec, seed: 'y' }));
  });
});
