import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { lazySerializers } from './http.serialization.ts';
import { validatorCompiler } from './http.validation.ts';

const QUERY = {
  type: 'object',
  properties: { wait: { type: 'integer', minimum: 1 }, mode: { type: 'string', default: 'full' } },
  additionalProperties: false,
};
const BODY = {
  type: 'object',
  properties: { max_pages: { type: 'integer' } },
  required: ['max_pages'],
  additionalProperties: false,
};
const RESPONSE = {
  200: { type: 'object', properties: { id: { type: 'string' }, count: { type: 'integer' } } },
};

/** An app wired like `buildApp`: our validator compiler and the lazily built serializers. */
async function appWith(schema: object, serializerOpts?: { rounding: 'trunc' | 'ceil' }) {
  const app: FastifyInstance = Fastify({
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    ...(serializerOpts ? { serializerOpts } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.post('/jobs', { schema }, async (request) => ({
    id: 'a',
    count: (request.body as { count?: number } | undefined)?.count ?? 2,
    secret: 'never serialized',
    query: request.query,
  }));
  await app.ready();
  return app;
}

describe('schema compilers built on first use', () => {
  it('coerce and default the query and check the body strictly, as compiled at start did', async () => {
    const app = await appWith({ querystring: QUERY, body: BODY });
    const ok = await app.inject({ method: 'POST', url: '/jobs?wait=5', payload: { max_pages: 3 } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json().query, { wait: 5, mode: 'full' });
    const coerced = await app.inject({ method: 'POST', url: '/jobs', payload: { max_pages: '3' } });
    assert.equal(coerced.statusCode, 400);
    assert.match(coerced.json().message, /max_pages must be integer/);
    const unknown = await app.inject({ method: 'POST', url: '/jobs?other=1', payload: { max_pages: 3 } });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().message, /must NOT have additional properties/);
    const small = await app.inject({ method: 'POST', url: '/jobs?wait=0', payload: { max_pages: 3 } });
    assert.equal(small.statusCode, 400);
    await app.close();
  });

  it('serialize responses by their schema, dropping undeclared fields', async () => {
    const app = await appWith({ response: RESPONSE });
    const response = await app.inject({ method: 'POST', url: '/jobs', payload: {} });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, '{"id":"a","count":2}');
    await app.close();
  });

  it('serialize each app by its own options when apps share a response schema', async () => {
    // Serializers are reused across apps of one process by schema and options (the test kits build
    // hundreds of apps): a second app on other options must not get the first's serializer.
    const [truncating, again, ceiling] = [
      await appWith({ response: RESPONSE }),
      await appWith({ response: RESPONSE }),
      await appWith({ response: RESPONSE }, { rounding: 'ceil' }),
    ];
    const bodies = [];
    for (const app of [truncating, again, ceiling]) {
      bodies.push((await app.inject({ method: 'POST', url: '/jobs', payload: { count: 2.5 } })).body);
      await app.close();
    }
    assert.deepEqual(bodies, ['{"id":"a","count":2}', '{"id":"a","count":2}', '{"id":"a","count":3}']);
  });

  it('compile nothing until a route is used', async () => {
    // A schema Ajv and fast-json-stringify both refuse: the app still gets ready.
    const invalid = { type: 'object', properties: { id: { type: 'no-such-type' } } };
    const app = await appWith({ body: invalid, response: { 200: invalid } });
    const response = await app.inject({ method: 'POST', url: '/jobs', payload: {} });
    assert.equal(response.statusCode, 500);
    await app.close();
  });
});
