/**
 * Mends of the generated OpenAPI document. The route schemas are TypeBox objects, whose properties
 * are required unless marked optional; a query parameter with a `default` is listed as required
 * too, although a caller may leave it out and gets the default (Ajv fills it in). Clients generated
 * from the document (our own types in generated/openapi.d.ts among them) would then demand it.
 */

interface ParameterLike {
  in?: unknown;
  required?: unknown;
  schema?: { default?: unknown };
}

/**
 * Marks every query, header or cookie parameter that has a `default` as not required, in place,
 * and answers the same document. Path parameters stay required: OpenAPI demands it.
 */
export function optionalDefaultedParameters<T extends { paths?: unknown }>(document: T): T {
  const paths = document.paths;
  if (typeof paths !== 'object' || paths === null) return document;
  for (const item of Object.values(paths as Record<string, unknown>)) {
    if (typeof item !== 'object' || item === null) continue;
    for (const operation of Object.values(item as Record<string, unknown>)) {
      const parameters = (operation as { parameters?: unknown } | null)?.parameters;
      if (!Array.isArray(parameters)) continue;
      for (const parameter of parameters as ParameterLike[]) {
        if (parameter.in !== 'path' && parameter.schema?.default !== undefined) parameter.required = false;
      }
    }
  }
  return document;
}
