// The client's wire types, generated from the service's OpenAPI document with openapi-typescript
// (docs/client.md, "Types"). Used by `npm run generate:client-types` (and so by `npm run build`) and
// by the test that fails when the committed file differs from what the document generates now.
import openapiTS, { astToString } from 'openapi-typescript';

/** Where the generated types are committed, relative to the checkout's root. */
export const CLIENT_TYPES_FILE = 'generated/openapi.d.ts';

/** The command that rewrites {@link CLIENT_TYPES_FILE}. */
export const CLIENT_TYPES_COMMAND = 'npm run generate:client-types';

const HEADER = [
  '// Generated: do not edit. The TypeScript types of the service\u2019s OpenAPI document (`GET /openapi.json`),',
  `// written by \`${CLIENT_TYPES_COMMAND}\` (scripts/generate-client-types.ts, also run by \`npm run build\`)`,
  '// with openapi-typescript. Change the route schemas in src/, then run that command and commit the result.',
  '',
].join('\n');

/**
 * The source text of {@link CLIENT_TYPES_FILE} for `document` (an OpenAPI 3.1 document as
 * `app.swagger()` answers it): openapi-typescript's `paths`, `webhooks`, `components` and
 * `operations`, under a header naming the command that wrote it.
 */
export async function clientTypesSource(document: object): Promise<string> {
  // openapi-typescript may annotate the object it is given; the caller's document stays as it was.
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { silent: true });
  return `${HEADER}${astToString(ast)}`;
}
