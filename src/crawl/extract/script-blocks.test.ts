import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSON_LD_SCRIPT } from './jsonld.ts';
import { scriptBlocks, type ScriptPattern } from './script-blocks.ts';

// The whole-text expressions the readers used before (extract/jsonld.ts, parse/page.ts), and the
// patterns that find the same elements in pieces.
const JSON_LD_WHOLE =
  /<script\b[^>]*?\btype\s*=\s*["']?\s*application\/ld\+json[^>]*>([\s\S]*?)<\/script\s*>/giu;
// The pattern jsonld.ts reads with; parse/page.ts's `idScript` is rebuilt here (parse imports
// extract, so this folder does not import it back).
const JSON_LD: ScriptPattern = JSON_LD_SCRIPT;
const STATE_WHOLE = /<script[^>]*\bid="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/gi;
const STATE_TAG = /^<script[^>]*\bid="__NEXT_DATA__"[^>]*>$/i;
const STATE: ScriptPattern = {
  start: /<script/iy,
  wanted: (tag) => STATE_TAG.test(tag),
  end: /<\/script>/iy,
};

/** `text` cut into pieces of `size` characters. */
const cut = (text: string, size: number): string[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, index) =>
    text.slice(index * size, (index + 1) * size),
  );

const bodies = (pieces: Iterable<string>, pattern: ScriptPattern): string[] =>
  scriptBlocks(pieces, pattern).map((script) => script.text);

const wholeBodies = (text: string, expression: RegExp): string[] =>
  [...text.matchAll(expression)].map((match) => match[1] ?? '');

const PAGE = [
  '<html><head><SCRIPT TYPE="application/LD+JSON">{"@type":"Product"}</SCRIPT>',
  `<script async data-x='1' type = 'application/ld+json' id=a>{"@type":"BreadcrumbList"}</script >`,
  '<script>var s = "<script type=application/ld+json>{\\"in\\":1}</scr" + "ipt>";</script>',
  '<scripts type="application/ld+json">{"not":"a script"}</scripts>',
  '<script nonce="n" type="application/json" id="__NEXT_DATA__">{"props":{"€":"🧀"}}</script>',
  '<Script Id="__NEXT_DATA__">{"second":true}</Script>',
  '<script data-type="x" type="text/javascript">{"no":1}</script>',
  '</head><body><p>a < b and c<s</p></body></html>',
].join('\n');

describe('script elements found in pieces', () => {
  it('finds what the whole-text expressions find, wherever the pieces are cut', () => {
    const jsonLd = wholeBodies(PAGE, JSON_LD_WHOLE);
    const state = wholeBodies(PAGE, STATE_WHOLE);
    assert.equal(jsonLd.length, 3, 'uppercase tags, attributes in another order, a script inside a script');
    assert.deepEqual(state, ['{"props":{"€":"🧀"}}', '{"second":true}']);
    for (let size = 1; size <= PAGE.length; size += size < 40 ? 1 : 37) {
      assert.deepEqual(bodies(cut(PAGE, size), JSON_LD), jsonLd, `JSON-LD in pieces of ${size}`);
      assert.deepEqual(bodies(cut(PAGE, size), STATE), state, `state in pieces of ${size}`);
    }
  });

  it('reads tags cut between pieces', () => {
    const pieces = [
      '<scr',
      'ipt type="application/ld',
      '+json">{"a"',
      ':1}</',
      'SCRIPT',
      '  ',
      '>x<',
      'script',
    ];
    assert.deepEqual(bodies(pieces, JSON_LD), ['{"a":1}']);
    assert.deepEqual(bodies(['<script', ' id="__NEXT_DATA__">', '{}<', '/script>'], STATE), ['{}']);
  });

  it('finds no element whose closing tag is missing, and those before it', () => {
    const text =
      '<script type="application/ld+json">{"a":1}</script><script type="application/ld+json">{"b":';
    for (const size of [1, 5, text.length]) {
      assert.deepEqual(bodies(cut(text, size), JSON_LD), ['{"a":1}'], `pieces of ${size}`);
    }
    assert.deepEqual(bodies(['<script id="__NEXT_DATA__">{}</script >'], STATE), []);
    assert.deepEqual(
      bodies(['<script type="application/ld+json"'], JSON_LD),
      [],
      'an open tag cut by the end',
    );
  });

  it('keeps the open tag of each element found', () => {
    const [script] = scriptBlocks(cut(PAGE, 7), STATE);
    assert.equal(script?.openTag, '<script nonce="n" type="application/json" id="__NEXT_DATA__">');
  });

  it('stops taking pieces at the first element when asked for one', () => {
    let taken = 0;
    function* pieces(): Generator<string> {
      for (const piece of cut(PAGE, 16)) {
        taken += 1;
        yield piece;
      }
    }
    assert.deepEqual(
      scriptBlocks(pieces(), STATE, true).map((script) => script.text),
      ['{"props":{"€":"🧀"}}'],
    );
    assert.ok(taken < cut(PAGE, 16).length, `${taken} pieces taken`);
  });

  it('agrees with the whole-text expressions on random markup in random pieces', () => {
    const tokens = [
      '<script',
      '<SCRIPT',
      '<ſcript',
      '<scripts',
      '</script',
      '</SCRIPT',
      '</script >',
      '</script\n>',
      ' type="application/ld+json"',
      " type='application/LD+JSON'",
      ' type=application/ld+json',
      ' id="__NEXT_DATA__"',
      ' ID="__next_data__"',
      '>',
      '<',
      ' ',
      'x',
      '{"a":1}',
      '"',
      '\n',
      '€',
      '<!--',
      '-->',
      ' data-type="x"',
    ];
    let seed = 12_345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % n;
    };
    let found = 0;
    for (let round = 0; round < 20_000; round += 1) {
      const text = Array.from({ length: 1 + next(30) }, () => tokens[next(tokens.length)]).join('');
      const pieces: string[] = [];
      for (let at = 0; at < text.length;) {
        const size = 1 + next(12);
        pieces.push(text.slice(at, at + size));
        at += size;
      }
      const jsonLd = wholeBodies(text, JSON_LD_WHOLE);
      const state = wholeBodies(text, STATE_WHOLE);
      found += jsonLd.length + state.length;
      assert.deepEqual(bodies(pieces, JSON_LD), jsonLd, JSON.stringify(pieces));
      assert.deepEqual(bodies(pieces, STATE), state, JSON.stringify(pieces));
    }
    assert.ok(found > 1000, `${found} elements found in all`);
  });
});
