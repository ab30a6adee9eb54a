import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { buildMockApp } from '../../src/api/mock/mock.app.ts';
import { generateOpenApiDocument } from '../../src/main/openapi-document.ts';
import type { OpenApiDocument } from '../../src/api/mock/mock.document.ts';
import { startHarness } from '../support/harness.ts';
import { createResponseChecker, type Document } from '../support/openapi.ts';

const SAMPLE_ID = '65f1c2a9e4b0a1b2c3d4e5f6';

/** Every operation of the document as method, path template and a concrete URL. */
function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
      template,
      url: template.replace(/\{[^}]+\}/g, SAMPLE_ID),
      open:
        (Array.isArray(operation.security) && operation.security.length === 0) ||
        operation.responses['401'] === undefined,
    })),
  );
}

describe('mock server (decisions G32)', () => {
  let document: OpenApiDocument;
  let mock: FastifyInstance;

  before(async () => {
    document = await generateOpenApiDocument();
    mock = buildMockApp(document);
  });
  after(async () => mock.close());

  it('serves the same document as the service (one source for docs, types and mock)', async () => {
    const harness = await startHarness({ worker: false });
    try {
      const served = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      assert.deepEqual(document, served);
      assert.deepEqual((await mock.inject({ method: 'GET', url: '/openapi.json' })).json(), served);
    } finally {
      await harness.close();
    }
  });

  it('answers every path of the document with its documented example, which matches the schema', async () => {
    const checker = createResponseChecker(document as unknown as Document);
    const operations = operationsOf(document);
    assert.ok(operations.length >= 15);
    for (const { method, template, url } of operations) {
      const response = await mock.inject({
        method,
        url,
        headers: { 'x-api-key': 'anything', 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"values":["1"]}' }),
      });
      assert.equal(response.statusCode, 200, `${method} ${url}`);
      assert.notEqual(response.body, '', `${method} ${url} answers a body`);
      checker.check(method, template, response);
    }
    assert.deepEqual(checker.unseen(200), []);
  });

  it('answers the CSV and XLSX forms of the downloads', async () => {
    const checker = createResponseChecker(document as unknown as Document);
    const headers = { authorization: 'Bearer dummy' };
    const csv = await mock.inject({ method: 'GET', url: `/job/${SAMPLE_ID}/download?format=csv`, headers });
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(
      csv.body,
      /^row_kind,position,key,success,reason,reason_detail,served_from,observed_at,trust_score/,
    );
    checker.check('GET', '/job/{id}/download', csv);
    const xlsx = await mock.inject({ method: 'GET', url: `/job/${SAMPLE_ID}/download.xlsx`, headers });
    checker.check('GET', '/job/{id}/download.xlsx', xlsx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    assert.equal(workbook.worksheets[0]?.getCell('A1').value, 'row_kind');
    assert.equal(workbook.worksheets[0]?.rowCount, csv.body.trim().split('\r\n').length);
  });

  it('lets any non-empty credential pass and refuses a missing one, like the service', async () => {
    const checker = createResponseChecker(document as unknown as Document);
    for (const { method, template, url, open } of operationsOf(document)) {
      const refused = await mock.inject({ method, url });
      if (open) {
        assert.equal(refused.statusCode, 200, `${method} ${url} needs no credential`);
        continue;
      }
      assert.equal(refused.statusCode, 401, `${method} ${url} without credential`);
      checker.check(method, template, refused);
      const blank = await mock.inject({ method, url, headers: { 'x-api-key': ' ' } });
      assert.equal(blank.statusCode, 401);
    }
  });

  it('runs as `pricecrawl mock` on MOCK_PORT', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', 'mock'], {
      env: { ...process.env, MOCK_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`mock exited ${code}: ${output}`)));
      });
      const response = await fetch(`${address}/stream/${SAMPLE_ID}`, { headers: { 'x-api-key': 'demo' } });
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { job_id: string }).job_id, SAMPLE_ID);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
