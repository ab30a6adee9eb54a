import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';

// Issue 22, point 6: what happens to whitespace, control characters and lone surrogates in values
// (docs/api.md, "Text in values"), on both stores: a NUL was a 500 on PostgreSQL only.
for (const dialect of DIALECTS) {
  describe(`text in values (${dialect})`, () => {
    let harness: Harness;
    let headers: Record<string, string>;

    before(async () => {
      harness = await startHarness({ dialect, worker: false });
      ({ headers } = await harness.account());
    });
    after(async () => harness.close());

    async function submit(values: unknown, extra: object = {}) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { source: 'source_01', country: 'de', key: 'term', values, ...extra },
      });
      return { status: response.statusCode, body: response.json() as Record<string, any> };
    }

    it('trims Unicode whitespace at both ends before de-duplication, and keeps it inside', async () => {
      const answer = await submit([' a\t', 'a', '\u00a0a\u3000', '\ufeffa\n', 'b  c']);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body.job.values, ['a', 'b  c']);
      const joined = await submit(' x , y ,x');
      assert.deepEqual(joined.body.job.values, ['x', 'y']);
    });

    it('refuses a value that is empty once trimmed, naming its position as submitted', async () => {
      const answer = await submit(['a', 'a', '\u2028 ']);
      assert.deepEqual(answer.body, {
        error: true,
        message: 'values must not contain an empty value (position 2)',
      });
    });

    it('keeps control characters other than NUL as sent; a GTIN refuses them per value', async () => {
      const answer = await submit(['c\u001b[0m', 'd\u007f']);
      assert.deepEqual(answer.body.job.values, ['c\u001b[0m', 'd\u007f']);
      const gtin = await submit(['4006381333931\u0007'], { key: 'gtin' });
      assert.equal(gtin.body.error, false);
    });

    it('refuses NUL and lone surrogates in any field with a message naming it, never a 500', async () => {
      for (const [payload, field] of [
        [['ok', 'b\u0000'], 'values[1] contains U+0000'],
        [['\uD800x'], 'values[0] contains a lone surrogate (U+D800)'],
      ] as const) {
        const answer = await submit(payload);
        assert.equal(answer.status, 200);
        assert.equal(answer.body.error, true);
        assert.match(answer.body.message, new RegExp(field.replace(/[[\]()+]/g, '\\$&')));
      }
      const ref = await submit(['a'], { client_ref: 'x\u0000' });
      assert.deepEqual([ref.status, ref.body.error], [200, true]);
      assert.match(ref.body.message, /^client_ref contains U\+0000/);
      const history = await harness.app.inject({
        url: '/history?source=source_01&country=de&key=term&value=a%00b',
        headers,
      });
      assert.equal(history.statusCode, 200);
      assert.match(history.json().message, /^value contains U\+0000/);
    });
  });
}
