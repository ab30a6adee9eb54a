import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { startHarness, type Harness } from '../support/harness.ts';
import type { Document } from '../support/openapi.ts';

/** Type-checks `program` against the generated `api.ts`; answers the compiler's messages. */
async function typeCheck(dir: string, program: string): Promise<string[]> {
  const file = join(dir, `check-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(file, program);
  const compiled = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(compiled)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('TypeScript types generated from the OpenAPI document', () => {
  let harness: Harness;
  let document: Document;
  let dir: string;

  before(async () => {
    harness = await startHarness({ worker: false });
    document = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
    dir = await mkdtemp(join(tmpdir(), 'pricecrawl-openapi-types-'));
    const ast = await openapiTS(structuredClone(document) as never);
    await writeFile(join(dir, 'api.ts'), astToString(ast));
  });
  after(async () => {
    await harness.close();
    await rm(dir, { recursive: true, force: true });
  });

  const prelude = [
    "import type { operations } from './api.ts';",
    'type IsNever<T> = [T] extends [never] ? true : false;',
    'type Ok<Op extends keyof operations, Media extends string> =',
    "  operations[Op]['responses'] extends { 200: { content: infer C } } ? (Media extends keyof C ? C[Media] : never) : never;",
  ].join('\n');

  it('gives every operation a typed 200 answer, never `never`', async () => {
    const lines = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => {
        const media = Object.keys(operation.responses['200'].content as object);
        const first = media.includes('application/json') ? 'application/json' : media[0];
        return `export const ${String(operation.operationId)}: IsNever<Ok<'${String(operation.operationId)}', '${String(first)}'>> = false;`;
      }),
    );
    assert.ok(lines.length >= 15, 'every route is in the document');
    assert.deepEqual(await typeCheck(dir, `${prelude}\n${lines.join('\n')}\n`), []);
  });

  it('lets a program use the answers with their fields', async () => {
    const program = `${prelude}
declare const submitted: Ok<'submitJob', 'application/json'>;
export const jobId: string = submitted.error ? submitted.message : submitted.job._id;
declare const page: Ok<'listStreamResults', 'application/json'>;
export const prices: unknown[] = page.error ? [] : page.results.map((row) => row.result?.content?.price_min);
declare const history: Ok<'getHistory', 'application/json'>;
export const count: number = history.error ? 0 : history.points.length;
declare const refused: operations['getJob']['responses'][429]['content']['application/json'];
export const why: string = refused.message;
`;
    assert.deepEqual(await typeCheck(dir, program), []);
  });

  it('refuses a program that misuses them (the check can fail)', async () => {
    const program = `${prelude}
declare const submitted: Ok<'submitJob', 'application/json'>;
export const wrong: number = submitted.error ? 0 : submitted.job._id;
`;
    const messages = await typeCheck(dir, program);
    assert.equal(messages.length, 1, messages.join('\n'));
    assert.match(messages[0] ?? '', /not assignable to type 'number'/);
  });
});
