import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { optionalDefaultedParameters } from './http.openapi.ts';

describe('the OpenAPI document mends', () => {
  it('marks query parameters with a default as optional and leaves the others required', () => {
    const document = {
      paths: {
        '/history': {
          get: {
            parameters: [
              { in: 'query', name: 'offset', required: true, schema: { type: 'integer', default: 0 } },
              { in: 'query', name: 'source', required: true, schema: { type: 'string' } },
              { in: 'path', name: 'id', required: true, schema: { type: 'string', default: 'x' } },
            ],
          },
        },
      },
    };
    const [offset, source, id] = optionalDefaultedParameters(document).paths['/history'].get.parameters;
    assert.equal(offset?.required, false);
    assert.equal(source?.required, true);
    assert.equal(id?.required, true);
  });

  it('answers a document without paths unchanged', () => {
    const document: { paths?: unknown; openapi: string } = { openapi: '3.1.0' };
    assert.deepEqual(optionalDefaultedParameters(document), { openapi: '3.1.0' });
  });
});
