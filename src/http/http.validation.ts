import { Ajv, type ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two validators: bodies are checked strictly (a string is never coerced into a number, unknown
 * fields are refused, not stripped), while query strings and path parameters, which arrive as
 * text, are coerced into their declared types.
 */
const strictAjv = new Ajv({
  allErrors: false,
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: false,
  strict: false,
});
const coercingAjv = new Ajv({
  allErrors: false,
  removeAdditional: false,
  coerceTypes: true,
  useDefaults: true,
  strict: false,
});

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? '' : path;
}

/**
 * Turns the validator's first finding into a message that names the field, e.g.
 * `max_pages must be <= 10`, `unknown field foo`, `missing required field source`.
 */
export function validationMessage(
  errors: readonly ErrorObject[],
  part: string,
  hints: Readonly<Record<string, string>> = {},
): string {
  const union = errors.find((error) => error.keyword === 'anyOf');
  const error = union ?? errors[0];
  if (!error) return `invalid ${part}`;
  const field = fieldName(error);
  const topField = field.split('.')[0] ?? '';
  if (union && hints[topField]) return hints[topField];
  const where = part === 'body' ? '' : ` in ${part}`;
  switch (error.keyword) {
    case 'required':
      return `missing required field ${String((error.params as { missingProperty: string }).missingProperty)}${where}`;
    case 'additionalProperties':
      return `unknown field ${String((error.params as { additionalProperty: string }).additionalProperty)}${where}`;
    case 'type':
      if (field === '') return part === 'body' ? 'request body must be a JSON object' : `invalid ${part}`;
      return `${field} must be ${String((error.params as { type: string }).type)}${where}`;
    default:
      if (hints[topField]) return hints[topField];
      return `${field === '' ? part : field} ${error.message ?? 'is invalid'}${where}`;
  }
}
