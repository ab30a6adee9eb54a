// `npm run generate:client-types` (also run by `npm run build`): builds the app without listening, on
// a throwaway database, takes its OpenAPI document and writes the client's generated types
// (generated/openapi.d.ts) when they changed. Offline: nothing but the checkout is read.
//   node --import tsx scripts/generate-client-types.ts [--check]
// --check writes nothing and exits 1 when the committed file differs from what the document generates.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument } from '../src/main/openapi-document.ts';
import { CLIENT_TYPES_COMMAND, CLIENT_TYPES_FILE, clientTypesSource } from './client-types.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const target = join(root, CLIENT_TYPES_FILE);
const checkOnly = process.argv.includes('--check');

const generated = await clientTypesSource(await generateOpenApiDocument());
const committed = await readFile(target, 'utf8').catch(() => undefined);
if (committed === generated) {
  process.stdout.write(`pricecrawl: ${CLIENT_TYPES_FILE} is up to date\n`);
} else if (checkOnly) {
  process.stderr.write(
    `pricecrawl: ${CLIENT_TYPES_FILE} differs from the OpenAPI document: run \`${CLIENT_TYPES_COMMAND}\`\n`,
  );
  process.exitCode = 1;
} else {
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, generated);
  process.stdout.write(`pricecrawl: ${CLIENT_TYPES_FILE} written from the OpenAPI document\n`);
}
