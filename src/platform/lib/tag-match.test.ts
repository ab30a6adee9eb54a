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

  it('answers null for a text without the tag or without any <', () => {
    assert.equal(matchTagAt('<p>no title here</p>', 0, /<title>/iy), null);
    assert.equal(matchTagAt('plain text', 0, /<title>/iy), null);
  });
});
