import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchTagAt } from './tag-match.ts';

describe('a tag matched at each <', () => {
  it('finds what the same expression searching the text finds, from any start', () => {
    const text = '<p>a < b</p><TITLE lang="de">Käse</title><title>zwei</title>';
    const sticky = /<title[^>]*>([^<]*)<\/title>/iy;
    const searching = /<title[^>]*>([^<]*)<\/title>/gi;
    for (let from = 0; from <= text.length; from += 1) {
      searching.lastIndex = from;
      const expected = searching.exec(text);
      const match = matchTagAt(text, from, sticky);
      assert.deepEqual(
        match === null ? null : [match.index, match[1], sticky.lastIndex],
        expected === null ? null : [expected.index, expected[1], searching.lastIndex],
        `from ${from}`,
      );
    }
  });

  it('finds what the searching expression finds for each case rule, the letters they fold included', () => {
    const patterns = [
      /<script\b/iuy,
      /<script/iy,
      /<\/script\s*>/iuy,
      /<title[^>]*>/iy,
      /<Script>/y,
      /<k/iuy,
      new RegExp('<script\\b', 'ivy'), // the v flag: Node 20 has it, TypeScript's target does not
    ];
    const parts = ['<', '/', 's', 'S', 'ſ', 'c', 'ript', 'k', 'K', '\u212a', ' ', '>', 'title', 'x', '<</'];
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const folded = ['<ſcript>', 'x <ſCRIPT a>', '</ſcript >', '<\u212a', '<k'];
    for (let round = 0; round < 3000 + folded.length; round += 1) {
      const text =
        folded[round - 3000] ??
        Array.from({ length: 1 + random(12) }, () => parts[random(parts.length)]).join('');
      for (const sticky of patterns) {
        const searching = new RegExp(sticky.source, sticky.flags.replace('y', 'g'));
        const expected = searching.exec(text);
        const match = matchTagAt(text, 0, sticky);
        assert.deepEqual(
          match === null ? null : [match.index, sticky.lastIndex],
          expected === null ? null : [expected.index, searching.lastIndex],
          `${sticky} in ${JSON.stringify(text)}`,
        );
      }
    }
  });

  it('answers null for a text without the tag or without any <', () => {
    assert.equal(matchTagAt('<p>no title here</p>', 0, /<title>/iy), null);
    assert.equal(matchTagAt('plain text', 0, /<title>/iy), null);
  });
});
