import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

describe('POST /job input handling', () => {
  let harness: Harness;
  let headers: Record<string, string>;

  before(async () => {
    harness = await startHarness({ worker: false });
    ({ headers } = await harness.account());
  });
  after(async () => harness.close());

  async function submit(body: unknown, extraHeaders: Record<string, string> = {}) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: { ...headers, ...extraHeaders },
      payload: body as Record<string, unknown>,
    });
    return {
      status: response.statusCode,
      body: response.json() as Record<string, unknown>,
      headers: response.headers,
    };
  }

  const valid = { source: 'source_01', country: 'de', key: 'gtin', values: ['4006381333931'] };

  const cases: Array<[string, unknown, RegExp]> = [
    ['names a missing field', { source: 'source_01', country: 'de' }, /missing required field values/],
    ['names an unknown field', { ...valid, colour: 'red' }, /unknown field colour/],
    ['names a field of the wrong type', { ...valid, max_pages: '2' }, /max_pages must be integer/],
    ['names an out-of-bounds field', { ...valid, max_pages: 11 }, /max_pages must be <= 10/],
    ['refuses a timeout above a day', { ...valid, timeout: 1441 }, /timeout must be <= 1440/],
    ['refuses a negative max_age', { ...valid, max_age: -1 }, /max_age must be >= 0/],
    ['refuses an unknown source', { ...valid, source: 'source_13' }, /source must be one of/],
    [
      'refuses a country the source does not serve',
      { ...valid, country: 'jp' },
      /^country not supported by source$/,
    ],
    [
      'refuses source_03 outside the narrower schema set (C7)',
      { source: 'source_03', country: 'cz', values: ['x'] },
      /^country not supported by source$/,
    ],
    [
      'refuses a key the source does not have',
      { ...valid, key: 'pzn', country: 'at' },
      /key pzn not supported by source_01 in country at/,
    ],
    [
      'refuses an unsupported topic',
      { ...valid, topic: 'search_and_offers' },
      /topic "search_and_offers" not supported by source_01/,
    ],
    [
      'refuses convert with a key it cannot convert (G22)',
      { ...valid, key: 'term', topic: 'convert', values: ['drill'] },
      /^key term not supported for topic convert$/,
    ],
    [
      'refuses remove_conversions with a key that has no cached conversion (G22)',
      { ...valid, key: 'term', topic: 'remove_conversions', values: ['drill'] },
      /^key term not supported for topic remove_conversions$/,
    ],
    ['refuses an unknown sort order', { ...valid, sort_by: 'cheapest' }, /sort_by "cheapest"/],
    [
      'refuses wait with more than one value',
      { ...valid, values: ['4006381333931', '4054278533728'], wait: 5 },
      /exactly one value/,
    ],
    ['refuses wait above 120 seconds', { ...valid, wait: 121 }, /wait must be/],
    ['refuses an empty value list', { ...valid, values: [] }, /at least one value/],
    [
      'refuses more than 1000 values',
      { ...valid, values: Array.from({ length: 1001 }, (_, i) => `t${i}`), key: 'term' },
      /at most 1000 values/,
    ],
    [
      'refuses values that are neither list nor string',
      { ...valid, values: 5 },
      /values must be an array of strings or a comma-separated string/,
    ],
    [
      'refuses a comma-separated string for product records',
      { source: 'source_03', country: 'de', key: 'product', values: 'a|b|c|d' },
      /must be an array for key product/,
    ],
    ['refuses a body that is not an object', [1, 2], /request body must be a JSON object/],
  ];

  for (const [name, body, message] of cases) {
    it(`${name} with HTTP 200 and error true`, async () => {
      const answer = await submit(body);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.error, true);
      assert.match(String(answer.body.message), message);
    });
  }

  const detailCases: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
    [
      'a country the source does not serve, with its countries',
      { ...valid, country: 'US' },
      'country not supported by source',
      { field: 'country', value: 'US', allowed: ['de', 'at', 'uk', 'gb', 'fr', 'it', 'es'] },
    ],
    [
      'an unknown key, with the keys of the source',
      { ...valid, key: 'asin' },
      'key "asin" not supported by source_01',
      { field: 'key', value: 'asin', allowed: ['term', 'id', 'gtin', 'pzn'] },
    ],
    [
      'a key the country does not have, with the keys it has',
      { ...valid, key: 'pzn', country: 'at' },
      'key pzn not supported by source_01 in country at',
      { field: 'key', value: 'pzn', allowed: ['term', 'id', 'gtin'] },
    ],
    [
      'an unknown topic, with the topics of the source',
      { ...valid, topic: 'offers' },
      'topic "offers" not supported by source_01',
      { field: 'topic', value: 'offers', allowed: ['search', 'convert', 'remove_conversions'] },
    ],
    [
      'an unknown source, with the sources',
      { ...valid, source: 'source_13' },
      'source must be one of source_01 to source_12 or web (got "source_13")',
      { field: 'source', value: 'source_13' },
    ],
  ];

  for (const [name, body, message, details] of detailCases) {
    it(`refuses ${name} (decisions G37)`, async () => {
      const answer = await submit(body);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.error, true);
      assert.equal(answer.body.message, message, 'the message of spec part 7 verbatim');
      const got = answer.body.details as Record<string, unknown>;
      assert.deepEqual(
        { field: got.field, value: got.value },
        { field: details.field, value: details.value },
      );
      if (details.allowed) assert.deepEqual(got.allowed, details.allowed);
      else assert.ok((got.allowed as string[]).includes('source_01'));
    });
  }

  it('accepts a country code in any letter case and answers it in lowercase (decisions G37)', async () => {
    for (const country of ['DE', 'De']) {
      const answer = await submit({ ...valid, country });
      assert.equal(answer.body.error, false, JSON.stringify(answer.body));
      assert.equal((answer.body.job as { country: string }).country, 'de');
    }
  });

  it('carries no details on refusals outside a closed set', async () => {
    const answer = await submit({ ...valid, max_pages: 11 });
    assert.equal(Object.hasOwn(answer.body, 'details'), false);
  });

  it('answers malformed JSON with 400 naming the problem, never a 5xx', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"source": "source_01",',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, true);
    assert.match(response.json().message, /malformed JSON body/);
  });

  it('answers a body over the limit with 413 naming the limit', async () => {
    const small = await startHarness({ worker: false, env: { BODY_LIMIT_BYTES: '2048' } });
    try {
      const { headers: smallHeaders } = await small.account();
      const response = await small.app.inject({
        method: 'POST',
        url: '/job',
        headers: smallHeaders,
        payload: { ...valid, key: 'term', values: ['x'.repeat(5000)] },
      });
      assert.equal(response.statusCode, 413);
      assert.deepEqual(response.json(), {
        error: true,
        message: 'request body too large: the limit is 2048 bytes',
      });
    } finally {
      await small.close();
    }
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'source=source_01',
    });
    assert.equal(response.statusCode, 415);
    assert.equal(response.json().error, true);
  });

  it('answers a wrong method with 405 and an unknown path with 404', async () => {
    const wrongMethod = await harness.app.inject({
      method: 'DELETE',
      url: '/job/0123456789abcdef01234567/download',
      headers,
    });
    assert.equal(wrongMethod.statusCode, 405);
    assert.match(wrongMethod.json().message, /method DELETE not allowed/);
    const unknown = await harness.app.inject({ method: 'GET', url: '/nowhere', headers });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error, true);
  });

  it('carries X-Api-Version 4.0 on every response', async () => {
    for (const url of ['/health', '/job/abc', '/nowhere']) {
      const response = await harness.app.inject({ method: 'GET', url, headers });
      assert.equal(response.headers['x-api-version'], '4.0', url);
    }
  });

  it('answers 404 job not found for a malformed or unknown job id', async () => {
    for (const id of ['abc', '0123456789abcdef01234567']) {
      const response = await harness.app.inject({ method: 'GET', url: `/job/${id}`, headers });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { error: true, message: 'job not found' });
    }
  });

  it('echoes defaults, removes duplicates keeping order and clamps max_age', async () => {
    const answer = await submit({
      source: 'source_01',
      country: 'de',
      key: 'gtin',
      values: '4006381333931, 4054278533728,4006381333931',
      max_age: 999_999,
    });
    assert.equal(answer.body.error, false);
    const job = answer.body.job as Record<string, unknown>;
    assert.match(String(job._id), /^[0-9a-f]{24}$/);
    assert.deepEqual(job.values, ['4006381333931', '4054278533728']);
    assert.equal(job.max_age, 259200);
    assert.equal(job.max_pages, 1);
    assert.equal(job.timeout, 1440);
    assert.equal(job.topic, 'search');
    assert.equal(job.sort_by, 'ranking_descending');
    assert.equal(job.status, 'new');
  });

  it('accepts uk and gb as the same marketplace', async () => {
    for (const country of ['uk', 'gb']) {
      const answer = await submit({ ...valid, country });
      assert.equal(answer.body.error, false, country);
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the data API from the route schemas', async () => {
    const harness = await startHarness({ worker: false });
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/openapi.json' });
      assert.equal(response.statusCode, 200);
      const document = response.json();
      assert.equal(document.info.version, '4.0');
      assert.ok(document.paths['/job']?.post?.requestBody, 'POST /job has its body schema');
      assert.ok(document.paths['/job/{id}']?.get);
      assert.ok(document.paths['/stream']?.post);
    } finally {
      await harness.close();
    }
  });
});
