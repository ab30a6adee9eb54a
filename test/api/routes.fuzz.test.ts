import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';
import type { Document } from '../support/openapi.ts';
import { signInNewUser } from '../support/sessions.ts';

// Issue 22, point 5: the class of defects 1 and 5 (a user-supplied name used as a key of a plain
// object; a number past what a column holds), not their instances. Every field of every route of
// the OpenAPI document (path, query, JSON body) gets every hostile value; no answer may be a 5xx,
// and every refusal must be a JSON error body.

/** Names every plain object answers to (`toString`, `__proto__`, `constructor`, ...). */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
/** Numbers at and past the edges, in the spellings a parser might accept. */
const NUMERIC_EDGES = [
  '1e309',
  '-1e309',
  '-0',
  '9007199254740993',
  '-9007199254740993',
  '9223372036854775807',
  '1e19',
  'NaN',
  'Infinity',
  '0x1F',
  '0b11',
  '1e3',
  '1E-7',
  '.5',
  '+1',
  '1_000',
  '00012',
  '9'.repeat(400),
];
/** Overlong, empty, blank, control, non-ASCII and structured-looking text. */
const TEXT = [
  'a'.repeat(10_000),
  '',
  ' \t ',
  '\u0000',
  '\u001b[31m',
  'é日本🙂',
  '\u202e\uFEFF',
  '\uFFFE\uFFFF',
  'null',
  '[]',
  'a[b]',
];
const STRINGS = [...PROTOTYPE_NAMES, ...NUMERIC_EDGES, ...TEXT];
/** What a URL can carry beyond well-formed UTF-8: a lone surrogate's bytes, a bad escape. */
const RAW_URL_TEXT = ['%ED%A0%80', '%FF', '%', '%zz', '%00'];
/** JSON texts of values that are no string: numbers as written (JSON.parse makes 1e309 Infinity). */
const RAW_JSON = [
  '1e309',
  '-0',
  '9007199254740993',
  '1e19',
  '-1',
  '0.5',
  'null',
  'true',
  '[]',
  '{}',
  '["toString"]',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{}}}',
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Probe {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string;
}
interface Operation {
  method: Method;
  path: string;
  query: string[];
  pathParams: string[];
  bodyFields: string[];
  session: boolean;
}

function operationsOf(document: Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []) as Array<{ in: string; name: string }>;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase() as Method,
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        bodyFields: Object.keys(body?.properties ?? {}),
        session: JSON.stringify(operation.security ?? []).includes('session'),
      };
    }),
  );
}

describe('every route of the OpenAPI document against hostile values (issue 22, point 5)', () => {
  let harness: Harness;
  let document: Document;
  let dataHeaders: Record<string, string>;
  let sessionHeaders: Record<string, string>;
  let email = '';
  /** A real id per path template and parameter, so query and body fields reach the route's work. */
  const realIds = new Map<string, string>();

  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000' },
    });
    const account = await harness.account();
    dataHeaders = account.headers;
    const user = await signInNewUser(harness, account.accountId);
    sessionHeaders = user.headers;
    email = user.email;
    document = (await harness.app.inject({ url: '/openapi.json' })).json() as Document;
    // A batch job and a stream with deliveries (wrong GTIN check digits: answered at submission).
    const submit = async (url: string, extra: object) =>
      (
        await harness.app.inject({
          method: 'POST',
          url,
          headers: dataHeaders,
          payload: { ...baseSubmission(), ...extra },
        })
      ).json() as Record<string, any>;
    const batch = String((await submit('/job', {})).job._id);
    const interval = String((await submit('/job', { interval: 60 })).job._id);
    const stream = String((await submit('/stream', {})).job_id);
    const deliveries = await harness.app.inject({
      url: `/stream/${stream}/deliveries`,
      headers: dataHeaders,
    });
    const delivery = String(deliveries.json().deliveries[0]._id);
    for (const path of Object.keys(document.paths)) {
      const id = path.startsWith('/stream') || path.includes('/streams/') ? stream : batch;
      realIds.set(`${path} id`, id);
      realIds.set(`${path} delivery_id`, delivery);
    }
    // PUT /job/{id} changes an interval job; the finished batch job answers GET ?wait= at once.
    realIds.set('PUT /job/{id} id', interval);
  });
  after(async () => harness.close());

  function baseSubmission(): Record<string, unknown> {
    return {
      source: 'source_01',
      country: 'de',
      key: 'gtin',
      values: ['4006381331001'],
      callback_url: 'http://127.0.0.1:9/hook',
    };
  }
  function baseBody(operation: Operation): Record<string, unknown> {
    if (operation.path === '/job' || operation.path === '/stream') return baseSubmission();
    if (operation.path === '/v1/auth/login') return { email, password: 'not-the-password' };
    return {};
  }

  function urlOf(operation: Operation, path: Record<string, string>, query: string): string {
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const real = realIds.get(`${operation.method} ${operation.path} ${name}`);
      return path[name] ?? real ?? realIds.get(`${operation.path} ${name}`) ?? '65f1c2a9e4b0a1b2c3d4e5f6';
    });
    return query ? `${filled}?${query}` : filled;
  }

  function probesOf(operation: Operation): Probe[] {
    const headers = operation.session ? sessionHeaders : dataHeaders;
    const jsonHeaders = { ...headers, 'content-type': 'application/json' };
    const body = operation.bodyFields.length > 0 ? JSON.stringify(baseBody(operation)) : undefined;
    const probe = (url: string, text = body): Probe => ({
      method: operation.method,
      url,
      headers: text === undefined ? headers : jsonHeaders,
      ...(text === undefined ? {} : { body: text }),
    });
    const inUrl = [...STRINGS.map(encodeURIComponent), ...RAW_URL_TEXT];
    const probes: Probe[] = [];
    for (const name of operation.pathParams) {
      for (const value of inUrl) probes.push(probe(urlOf(operation, { [name]: value }, '')));
    }
    for (const name of operation.query) {
      for (const value of inUrl) probes.push(probe(urlOf(operation, {}, `${name}=${value}`)));
      probes.push(probe(urlOf(operation, {}, `${name}=1&${name}=2`)));
    }
    const base = JSON.stringify(baseBody(operation)).slice(1, -1);
    const withField = (name: string, json: string) =>
      `{${base}${base ? ',' : ''}${JSON.stringify(name)}:${json}}`;
    for (const name of operation.bodyFields) {
      for (const value of STRINGS)
        probes.push(probe(urlOf(operation, {}, ''), withField(name, JSON.stringify(value))));
      for (const json of RAW_JSON) probes.push(probe(urlOf(operation, {}, ''), withField(name, json)));
      probes.push(
        probe(urlOf(operation, {}, ''), withField(name, `[${JSON.stringify(PROTOTYPE_NAMES[0])}]`)),
      );
    }
    // A body field no schema names, under every name an object answers to.
    if (operation.bodyFields.length > 0) {
      for (const name of PROTOTYPE_NAMES)
        probes.push(probe(urlOf(operation, {}, ''), withField(name, '"x"')));
    }
    return probes;
  }

  it('answers no 5xx and a JSON error body for every refusal', async () => {
    const operations = operationsOf(document);
    assert.ok(operations.length >= 40, `the document lists ${operations.length} operations`);
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      for (const probe of probesOf(operation)) {
        sent += 1;
        const response = await harness.app.inject({
          method: probe.method,
          url: probe.url,
          headers: probe.headers,
          ...(probe.body === undefined ? {} : { payload: probe.body }),
        });
        const where = `${probe.method} ${probe.url.slice(0, 160)} ${probe.body?.slice(0, 160) ?? ''}`;
        if (response.statusCode >= 500) {
          failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
          continue;
        }
        if (response.statusCode < 400) continue;
        let parsed: unknown;
        try {
          parsed = response.json();
        } catch {
          failures.push(`${response.statusCode} not JSON ${where}: ${response.body.slice(0, 200)}`);
          continue;
        }
        const { error, message } = (parsed ?? {}) as { error?: unknown; message?: unknown };
        if (!error || typeof message !== 'string') {
          failures.push(`${response.statusCode} no error body ${where}: ${response.body.slice(0, 200)}`);
        }
      }
    }
    assert.ok(sent > 3000, `only ${sent} requests were sent`);
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} of ${sent} answers failed`);
  });
});
