import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import { XLSX_CONTENT_TYPE, writeXlsx } from '../../platform/lib/xlsx.ts';
import { ROWS_CSV_KEYWORD } from '../../platform/openapi/openapi.schemas.ts';
import type { OpenApiDocument, OpenApiMedia, OpenApiOperation } from './mock.document.ts';

/**
 * The mock server of decisions G32: every operation of the OpenAPI document answers its documented
 * example. Any non-empty `Authorization` or `x-api-key` passes where the operation needs
 * credentials; nothing is stored or charged, as there is nothing to store in.
 */

/** The documented example of a media type: `example`, else the first of `examples`, else the schema's. */
export function exampleOf(media: OpenApiMedia | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const named = media.examples ? Object.values(media.examples)[0] : undefined;
  if (named !== undefined) return named.value;
  const schemaExamples = media.schema?.examples;
  return Array.isArray(schemaExamples) ? schemaExamples[0] : undefined;
}

/** The media type a request asks for: `format=` or a `.csv`/`.xlsx` path, else JSON. */
function wantedMediaType(request: FastifyRequest, offered: string[]): string {
  const path = request.url.split('?')[0] ?? '';
  const format = (request.query as Record<string, unknown>).format;
  const wanted =
    format === 'csv' || path.endsWith('.csv')
      ? 'text/csv'
      : format === 'xlsx' || path.endsWith('.xlsx')
        ? XLSX_CONTENT_TYPE
        : 'application/json';
  if (offered.includes(wanted)) return wanted;
  return offered.find((type) => type !== 'application/json') ?? offered[0] ?? 'application/json';
}

function hasCredential(request: FastifyRequest): boolean {
  const { authorization } = request.headers;
  const apiKey = request.headers['x-api-key'];
  return (
    (typeof authorization === 'string' && authorization.trim() !== '') ||
    (typeof apiKey === 'string' && apiKey.trim() !== '')
  );
}

/** A CSV example as a workbook, so the XLSX answer carries the same rows as the CSV one. */
async function workbookFrom(csvExample: unknown): Promise<Buffer> {
  const [columns = [], ...rows] = typeof csvExample === 'string' ? (parse(csvExample) as string[][]) : [];
  return writeXlsx('results', columns, rows);
}

async function answer(operation: OpenApiOperation, request: FastifyRequest, reply: FastifyReply) {
  // An operation needs credentials when the document says it can refuse them (401).
  const needsCredential =
    !(Array.isArray(operation.security) && operation.security.length === 0) &&
    operation.responses['401'] !== undefined;
  if (needsCredential && !hasCredential(request)) {
    return reply.code(401).send(exampleOf(operation.responses['401']?.content?.['application/json']));
  }
  const content = operation.responses['200']?.content ?? {};
  const mediaType = wantedMediaType(request, Object.keys(content));
  if (mediaType === XLSX_CONTENT_TYPE) {
    const rowsCsv = content[mediaType]?.schema?.[ROWS_CSV_KEYWORD];
    return reply.type(mediaType).send(await workbookFrom(rowsCsv));
  }
  const example = exampleOf(content[mediaType]);
  if (mediaType === 'application/json') return reply.type(mediaType).send(example);
  return reply.type(mediaType).send(typeof example === 'string' ? example : '');
}

/** Builds the mock app from an OpenAPI document (never listens: `main/mock.ts` does). */
export function buildMockApp(document: OpenApiDocument): FastifyInstance {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('x-api-version', '4.0').header('x-pricecrawl-mock', 'true');
  });
  // Bodies are accepted whatever they hold: the mock validates nothing and keeps nothing.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.get('/openapi.json', async () => document);
  for (const [path, operations] of Object.entries(document.paths)) {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      app.route({
        method: method.toUpperCase() as 'GET',
        url,
        handler: (request, reply) => answer(operation, request, reply),
      });
    }
  }
  return app;
}
