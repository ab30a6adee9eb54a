import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** An OpenAPI document as `/openapi.json` answers it, loosely typed for tests. */
export type Document = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, any>>>;
};

/** An answer to check: status, content type and body as text or bytes. */
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Checks answers against the response schemas of an OpenAPI 3.1 document (JSON Schema 2020-12)
 * and records which operation answered which status, so a test can demand full coverage.
 */
export function createResponseChecker(document: Document) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const compiled = new Map<string, ValidateFunction>();
  const seen = new Set<string>();

  function schemaOf(method: string, path: string, status: number, mediaType: string) {
    const operation = document.paths[path]?.[method.toLowerCase()];
    assert.ok(operation, `the document has ${method} ${path}`);
    const response = operation.responses[String(status)];
    assert.ok(response, `${method} ${path} documents status ${status}`);
    const media = response.content?.[mediaType];
    assert.ok(media, `${method} ${path} ${status} documents ${mediaType}`);
    return media.schema as object;
  }

  return {
    /** Validates an answer of `method path` (the document's path template); answers its JSON, if any. */
    check(method: string, path: string, answer: Answer): unknown {
      const mediaType = String(answer.headers['content-type'] ?? '').split(';')[0] ?? '';
      const key = `${method} ${path} ${answer.statusCode} ${mediaType}`;
      seen.add(`${method.toLowerCase()} ${path} ${answer.statusCode}`);
      const schema = schemaOf(method, path, answer.statusCode, mediaType);
      if (mediaType !== 'application/json') return undefined;
      let validate = compiled.get(key);
      if (!validate) {
        validate = ajv.compile(schema);
        compiled.set(key, validate);
      }
      const body: unknown = JSON.parse(answer.body);
      assert.ok(
        validate(body),
        `${key} matches its schema: ${ajv.errorsText(validate.errors)}\n${answer.body.slice(0, 2000)}`,
      );
      return body;
    },
    /** Operations of the document never seen answering `status`. */
    unseen(status: number): string[] {
      return Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .map((method) => `${method} ${path} ${status}`)
          .filter((key) => !seen.has(key)),
      );
    },
  };
}
