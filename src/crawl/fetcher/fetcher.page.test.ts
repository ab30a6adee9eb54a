import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textPieces } from '../parse/page-text.ts';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { readBodyCapped } from './fetcher.body.ts';
import { fetchedPage, lendPage, pageFromBytes, ResponseBody, transferListOf } from './fetcher.page.ts';

const HTML = 'text/html; charset=utf-8';
// Characters of one, two, three and four UTF-8 bytes (the last two UTF-16 units), so windows cut them.
const text = `<html><head><title>Käse € 🧀</title></head><body>${'Grüße € 🧀 '.repeat(3000)}</body></html>`;

describe('a response body kept as bytes', () => {
  it('answers the head and tail of its text from a window of its bytes, cut characters included', () => {
    const body = ResponseBody.ofBytes(Buffer.from(text), HTML);
    for (const chars of [1, 7, 30, 31, 32, 100, 1000]) {
      assert.equal(body.head(chars), text.slice(0, chars), `head ${chars}`);
      assert.equal(body.tail(chars), text.slice(-chars), `tail ${chars}`);
    }
    assert.notEqual(body.undecodedUtf8, undefined, 'the windows decoded only themselves');
    assert.equal(body.text, text);
    assert.equal(body.undecodedUtf8, undefined, 'read whole, the bytes are let go');
    assert.equal(body.head(30), text.slice(0, 30));
  });

  it('reads the same from the chunks its bytes arrived in, wherever they were cut', () => {
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 7, 1000, 65_537]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
        bytes.subarray(index * size, (index + 1) * size),
      );
      const body = ResponseBody.ofBytes(chunks, HTML);
      assert.equal([...body.pieces()].join(''), text, `pieces of chunks of ${size}`);
      for (const chars of [1, 7, 31, 1000]) {
        assert.equal(body.head(chars), text.slice(0, chars), `head ${chars} of chunks of ${size}`);
        assert.equal(body.tail(chars), text.slice(-chars), `tail ${chars} of chunks of ${size}`);
      }
      const page = fetchedPage('http://shop.test/p', 200, {}, body);
      const lent = lendPage(page);
      assert.deepEqual(Buffer.concat(lent?.page.chunks ?? []), bytes, `crossing of chunks of ${size}`);
      lent?.body.takeBack(lent.page.chunks);
      assert.equal(page.body, text);
    }
  });

  it('hands its text in pieces that join to the whole decoding, without decoding it whole', () => {
    const piece = 64 * 1024;
    // Multi-byte characters and malformed sequences standing across every piece boundary.
    const cuts = ['€', '🧀', 'ü', '\xe2\x82', '\xf0\x9f\xa7', '\x80\x80', '\xc3', '\xe0\x80', '\xff'];
    for (const [index, cut] of cuts.entries()) {
      for (let shift = 0; shift < 4; shift += 1) {
        const lead = Buffer.from('a'.repeat(piece - shift - index), 'latin1');
        const cutBytes = /[\x80-\xff]/.test(cut) ? Buffer.from(cut, 'latin1') : Buffer.from(cut);
        const bytes = Buffer.concat([lead, cutBytes, Buffer.from('<p>b</p>'.repeat(20_000))]);
        const body = ResponseBody.ofBytes(bytes, HTML);
        assert.equal([...body.pieces()].join(''), bytes.toString('utf8'), `${index} shifted ${shift}`);
        assert.notEqual(body.undecodedUtf8, undefined, 'pieces leave the bytes undecoded');
      }
    }
    const body = ResponseBody.ofBytes(Buffer.from(text), HTML);
    assert.equal(body.text, text);
    assert.deepEqual([...body.pieces()], [text], 'read whole, it is one piece');
  });

  it('decodes only the stretch of a piece from its first byte beyond ASCII to its last', () => {
    const ascii = (length: number): Buffer => Buffer.from('<p>a</p>'.repeat(length / 8), 'latin1');
    const stretches = [
      Buffer.from('€'),
      Buffer.from('ü🧀 x é'),
      Buffer.from('\xc3', 'latin1'), // a lead byte whose sequence ASCII cuts short
      Buffer.from('\x80\xe2\x82', 'latin1'), // a lone continuation byte, a sequence cut short
    ];
    for (const stretch of stretches) {
      for (const [before, after] of [
        [0, 4096],
        [4096, 0],
        [20_000, 40_000],
      ] as const) {
        const bytes = Buffer.concat([ascii(before), stretch, ascii(after)]);
        const pieces = [...ResponseBody.ofBytes(bytes, HTML).pieces()];
        assert.equal(pieces.join(''), bytes.toString('utf8'), `${stretch.toString('hex')} at ${before}`);
        const decoded = pieces.filter((piece) => [...piece].some((char) => char.charCodeAt(0) > 0x7f));
        // Only the stretch is decoded (a sequence cut by the body's end is a piece of its own).
        assert.ok(decoded.join('').length <= stretch.length, `${decoded.length} decoded pieces`);
        assert.ok(pieces.length <= 3 + decoded.length, `${pieces.length} pieces`);
        assert.ok(!pieces.includes(''), 'no empty piece');
      }
    }
  });

  it('decodes a body of another charset whole, and never sends it as bytes', () => {
    const latin1 = Buffer.from('<html><body>Gr\xfc\xdfe</body></html>', 'latin1');
    const body = ResponseBody.ofBytes(latin1, 'text/html; charset=iso-8859-1');
    assert.equal(body.undecodedUtf8, undefined);
    assert.equal(body.tail(14), 'Grüße</body></html>'.slice(-14));
    const page = fetchedPage('http://shop.test/p', 200, {}, body);
    assert.deepEqual([...textPieces(page)], ['<html><body>Grüße</body></html>']);
    assert.equal(lendPage(page), undefined);
    assert.equal(page.body, '<html><body>Grüße</body></html>');
  });
});

describe('a fetched page', () => {
  it('reads, spreads and compares as a plain page with its text body', () => {
    const headers = { 'content-type': HTML };
    const page = fetchedPage(
      'http://shop.test/p',
      200,
      headers,
      ResponseBody.ofBytes(Buffer.from(text), HTML),
    );
    assert.deepEqual(page, { url: 'http://shop.test/p', status: 200, headers, body: text });
    assert.deepEqual({ ...page }, { url: 'http://shop.test/p', status: 200, headers, body: text });
  });

  it('crosses to a thread as the memory of its chunks, handed over and back, not copied', () => {
    const bytes = Buffer.from(text);
    const chunks = [bytes.subarray(0, 1000), bytes.subarray(1000, 40_000), bytes.subarray(40_000)];
    const page = fetchedPage('http://shop.test/p', 200, {}, ResponseBody.ofBytes(chunks, HTML));
    const lent = lendPage(page);
    assert.ok(lent !== undefined);
    assert.equal(lent.page.chunks[1]?.buffer, bytes.buffer, "the fetcher's own memory, not a copy");
    assert.deepEqual(
      transferListOf(lent.page.chunks),
      [bytes.buffer],
      'memory shared by chunks, listed once',
    );
    assert.throws(() => page.body, /compute thread held its bytes/, 'lent, the page is not here');
    assert.equal(lendPage(page), undefined, 'lent once');
    const crossed = structuredClone(lent.page, { transfer: transferListOf(lent.page.chunks) });
    assert.equal(bytes.byteLength, 0, 'handed over, not cloned');
    const rebuilt = pageFromBytes(crossed);
    assert.deepEqual(rebuilt, { url: 'http://shop.test/p', status: 200, headers: {}, body: text });
    const back = structuredClone(crossed.chunks, { transfer: transferListOf(crossed.chunks) });
    lent.body.takeBack(back);
    assert.equal(page.body, text, 'its bytes back, the page reads whole');
    assert.equal(lendPage(page), undefined, 'once read, it crosses as text');
  });

  it('lends a body read under the cap: compressed, without content-length, from any chunks', async () => {
    const html = Buffer.from(text);
    // A gzip body arriving in small pieces decompresses into slices of a few 16 KB buffers of the
    // decompressor: several chunks to one memory (text that compresses less than `text` does).
    const zipped = gzipSync(`<html><body>${randomBytes(30_000).toString('hex')} €</body></html>`);
    const zippedPieces = Array.from({ length: Math.ceil(zipped.length / 1024) }, (_, index) =>
      zipped.subarray(index * 1024, (index + 1) * 1024),
    );
    const gzipped = await readBodyCapped(Readable.from(zippedPieces), 'gzip', 10_000_000);
    const plain = await readBodyCapped(
      Readable.from([html.subarray(0, 5), html.subarray(5)]),
      undefined,
      10_000_000,
    );
    for (const chunks of [gzipped, plain, [Buffer.from('<html>tiny</html>')]]) {
      const expected = Buffer.concat(chunks).toString('utf8');
      const page = fetchedPage('http://shop.test/p', 200, {}, ResponseBody.ofBytes(chunks, HTML));
      const lent = lendPage(page);
      assert.ok(lent !== undefined);
      const memory = transferListOf(lent.page.chunks);
      assert.equal(new Set(memory).size, memory.length, 'each memory listed once');
      if (chunks === gzipped) assert.ok(memory.length < chunks.length, 'chunks sharing memory');
      const crossed = structuredClone(lent.page, { transfer: memory });
      assert.equal(pageFromBytes(crossed).body, expected);
      lent.body.takeBack(structuredClone(crossed.chunks, { transfer: transferListOf(crossed.chunks) }));
      assert.equal(page.body, expected);
    }
    await assert.rejects(
      // A fresh copy: the plain body's memory was handed over above (`html` is empty now).
      readBodyCapped(Readable.from([gzipSync(Buffer.from(text))]), 'gzip', 1000),
      (error: Error) => error.name === 'FetchFailure' && /exceeds 1000 bytes/.test(error.message),
    );
  });
});
