import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { CLIENT_TYPES_COMMAND, CLIENT_TYPES_FILE, clientTypesSource } from '../../scripts/client-types.ts';
import { generateOpenApiDocument } from '../../src/main/openapi-document.ts';
import type { OpenApiDocument } from '../../src/api/mock/mock.document.ts';

/** Where two texts first differ, as `line N: committed … / generated …`; undefined when equal. */
function firstDifference(committed: string, generated: string): string | undefined {
  const left = committed.split('\n');
  const right = generated.split('\n');
  for (let line = 0; line < Math.max(left.length, right.length); line++) {
    if (left[line] !== right[line]) {
      return `line ${line + 1}:\n  committed: ${left[line] ?? '(end of file)'}\n  generated: ${right[line] ?? '(end of file)'}`;
    }
  }
  return undefined;
}

describe('the client types generated from the OpenAPI document', () => {
  let document: OpenApiDocument;
  let committed: string;

  before(async () => {
    document = await generateOpenApiDocument();
    committed = await readFile(new URL(`../../${CLIENT_TYPES_FILE}`, import.meta.url), 'utf8');
  });

  it('are committed exactly as the current document generates them', async () => {
    const difference = firstDifference(committed, await clientTypesSource(document));
    assert.equal(
      difference,
      undefined,
      `${CLIENT_TYPES_FILE} is stale: run \`${CLIENT_TYPES_COMMAND}\` and commit it. First difference at ${difference}`,
    );
  });

  it('change when a route schema changes, so the comparison can fail', async () => {
    const changed = structuredClone(document);
    const operation = changed.paths['/v1/account/credits']?.get;
    assert.ok(operation, 'the document has GET /v1/account/credits');
    operation.operationId = 'readCreditsRenamed';
    const difference = firstDifference(committed, await clientTypesSource(changed));
    assert.match(difference ?? '', /readCreditsRenamed/);
  });
});
