import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { installStreamingJsonParser, PARSE_SLICE_BYTES } from './http.json-stream.ts';

/** An app answering the body it parsed, with Fastify's JSON parser or the streaming one. */
async function echoApp(streaming: boolean, onBody?: () => void): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 4096 });
  if (streaming) installStreamingJsonParser(app);
  app.post('/', async (request) => {
    onBody?.();
    return { body: request.body === undefined ? 'none' : request.body };
  });
  app.post('/big', { bodyLimit: 8 * 1024 * 1024 }, async (request) => {
    onBody?.();
    return { length: JSON.stringify(request.body).length };
  });
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ code: error.code }),
  );
  await app.ready();
  return app;
}

async function answer(app: FastifyInstance, payload: string | Buffer | Readable, url = '/') {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  return { status: response.statusCode, body: response.body };
}

/** Bodies at the edges of JSON, of its encoding, and of what Fastify's parser refuses. */
const EDGE_BODIES: Array<string | Buffer> = [
  '{"a":1}',
  '{"a":1} \n',
  '{"a":1} x',
  '{"a":1}{"b":2}',
  '',
  '   ',
  '{',
  '[1,2',
  '"text"',
  '1e309',
  '-0',
  '9007199254740993',
  'null',
  '{"__proto__":{"x":1}}',
  '{"a":[{"b":{"__proto__":null}}]}',
  '{"constructor":{"prototype":{}}}',
  '{"constructor":1}',
  '\uFEFF{"a":1}',
  '{"s":"\\ud800"}',
  '{"s":"\\ud83d\\ude00","t":"\\u00e9"}',
  Buffer.from([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0x7b, 0x7d, 0xff]),
  '{"a":1,"a":2}',
  `[${'1,'.repeat(3000)}1]`,
  '{"x":"\u0000"}',
  '{"x":"a\tb"}',
  '{"x":01}',
  "{'a':1}",
  '{"n":1E2,"m":-1.5e-3}',
];

describe('the streaming JSON body parser', () => {
  it('answers every edge body exactly as Fastify’s own JSON parser does', async () => {
    const [fastifys, streaming] = await Promise.all([echoApp(false), echoApp(true)]);
    for (const body of EDGE_BODIES) {
      const label = JSON.stringify(String(body).slice(0, 40));
      assert.deepEqual(await answer(streaming, body), await answer(fastifys, body), label);
    }
  });

  it('gives the event loop a turn between slices of a large body', async () => {
    let turns = 0;
    let turnsAtBody = -1;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    const app = await echoApp(true, () => (turnsAtBody = turns));
    const body = JSON.stringify({ values: Array.from({ length: 4000 }, (_, n) => `${n}`.padEnd(500, 'x')) });
    setImmediate(count);
    const result = await answer(app, body, '/big');
    counting = false;
    assert.equal(result.status, 200);
    assert.ok(
      turnsAtBody >= Math.floor(body.length / PARSE_SLICE_BYTES),
      `${turnsAtBody} turns for ${body.length} bytes`,
    );
  });

  it('refuses a body over the route’s limit while it streams in, without a declared length', async () => {
    const app = await echoApp(true);
    const chunks = Array.from({ length: 8 }, () => Buffer.from(`"${'x'.repeat(1022)}",`));
    const result = await answer(app, Readable.from([Buffer.from('['), ...chunks]));
    assert.deepEqual(result, { status: 413, body: '{"code":"FST_ERR_CTP_BODY_TOO_LARGE"}' });
  });

  it('answers broken JSON over the limit with the 413 of the limit, as Fastify does', async () => {
    const [fastifys, streaming] = await Promise.all([echoApp(false), echoApp(true)]);
    const garbage = () => Readable.from(Array.from({ length: 8 }, () => Buffer.alloc(1024, 'a')));
    const expected = { status: 413, body: '{"code":"FST_ERR_CTP_BODY_TOO_LARGE"}' };
    assert.deepEqual(await answer(fastifys, garbage()), expected);
    assert.deepEqual(await answer(streaming, garbage()), expected);
  });

  it('keeps a character whose UTF-8 bytes arrive in two chunks', async () => {
    const app = await echoApp(true);
    const bytes = Buffer.from('{"s":"café"}');
    const split = bytes.indexOf(0xc3) + 1;
    const result = await answer(app, Readable.from([bytes.subarray(0, split), bytes.subarray(split)]));
    assert.deepEqual(result, { status: 200, body: '{"body":{"s":"café"}}' });
  });
});
