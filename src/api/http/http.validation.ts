import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { ownValue } from '../../platform/lib/lookup.ts';

/**
 * Two validators: bodies are checked strictly (a string is never coerced into a number, unknown
 * fields are refused, not stripped), while query strings and path parameters, which arrive as
 * text, are coerced into their declared types. Each Ajv is made when the first schema of its kind
 * compiles.
 */
let strictAjv: Ajv | undefined;
let coercingAjv: Ajv | undefined;

function ajvFor(httpPart: string | undefined): Ajv {
  if (httpPart === 'body') {
    strictAjv ??= new Ajv({
      allErrors: false,
      removeAdditional: false,
      coerceTypes: false,
      useDefaults: false,
      strict: false,
    });
    return strictAjv;
  }
  coercingAjv ??= new Ajv({
    allErrors: false,
    removeAdditional: false,
    coerceTypes: true,
    useDefaults: true,
    strict: false,
  });
  return coercingAjv;
}

type Validator = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * Fastify's validator compiler: the function it returns compiles the schema with Ajv on the
 * route's first request instead of while the app gets ready, because compiling every route's
 * validators (and Ajv's meta-schema) was about 12% of the start's CPU (docs/performance.md,
 * "Start time"). Every request is still checked by the Ajv function of the same schema and
 * options; an invalid schema now fails its route's first request (500) instead of the start,
 * which the API tests, exercising every route, would show.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  let compiled: ValidateFunction | undefined;
  const validate = Object.assign(
    (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
      compiled ??= ajvFor(httpPart).compile(schema as object);
      const result = compiled(data, context);
      validate.errors = compiled.errors;
      return result;
    },
    {
      errors: undefined as ValidateFunction['errors'],
      // Fastify passes the request as the parent of the validated value only to a function with a
      // `schemaEnv`, as Ajv's have, so that Ajv can coerce or default the value itself.
      schemaEnv: true,
    },
  );
  return validate as Validator;
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
  // Field names can be the caller's (an unknown property's path): only the table's own hints answer.
  const hint = ownValue(hints, topField);
  if (union && hint) return hint;
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
      if (hint) return hint;
      return `${field === '' ? part : field} ${error.message ?? 'is invalid'}${where}`;
  }
}
