import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/**
 * The layers of `src/`, top first (docs/architecture.md draws them). A file may import from its own
 * folder and from folders of LOWER layers only; folders of one layer do not import each other. Data
 * flows one way: request → submission → queue → crawl → result → delivery. Every folder under
 * `src/` (and every file directly in it) must appear here: a new folder gets its place on purpose.
 * `src/sources/source-NN/` folders belong to `sources`, like everything under `src/sources/`. An
 * entry may also name one file inside a folder (`sources/sources.types.ts`): it then has a layer of
 * its own, apart from the rest of its folder.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['main'], // process shells: wire the runtime, listen, run the CLI
  ['app.ts', 'cli', 'mock'], // the HTTP app, the admin commands, the mock server
  ['account-plane', 'dashboard'], // /v1/account/* over the API features; the web dashboard's static files
  ['jobs', 'streams', 'history', 'health', 'provisioning', 'client', 'identity'], // API features, account provisioning, the typed client, dashboard identity
  ['submissions'], // validation, idempotency and job creation shared by POST /job and POST /stream
  ['tasks'], // queue tasks crawl_values (chunks of values), crawl_value (older rows) and expire_job
  ['observations'], // the observation cache and history rows: reuse or crawl
  ['app.deps.ts'], // the shape of a process's dependencies (type-only imports)
  ['results'], // build a result item, record it, settle credits, hand it to deliveries
  ['deliveries'], // webhook deliveries of every job: assembly, payload, dispatcher, table
  ['webhooks', 'credits'], // webhook transport (sender, signatures, address policy); credit ledger
  ['work'], // the jobs and job_values tables and their repository, the job-ended events
  ['compute'], // worker threads that run the crawl's pure CPU work (parsers, trust) beside the main thread
  ['trust'], // trust scores of results
  ['sources'], // one folder per source (module, driver, parser, quirks), the registry, the catalogue
  ['crawl'], // fetcher, politeness, engine, page-parse helpers; never a specific source
  ['extract', 'sandbox'], // generic page extraction; the simulated marketplaces (never imported by drivers)
  ['sources/sources.types.ts'], // the vocabulary of sources (ids, keys, topics, sort orders), imports nothing
  ['auth', 'ratelimit'], // who is calling; how fast
  ['accounts', 'audit'], // account rows and their repository; the audit log
  ['queue'], // the work queue engines
  ['leases', 'cluster'], // leases in the database (schedules once per cluster); key locks on Redis
  ['db'], // database handle, schema and migrations
  ['http', 'openapi', 'metrics'], // HTTP error mapping and validation; shared OpenAPI schemas; Prometheus metrics
  ['errors'], // AppError
  ['lib', 'config.ts'], // small generic helpers; the only reader of process.env
  ['config.parsers.ts'], // the parsers of config.ts's variables
  ['config.crawl-limits.ts'], // CRAWL_LIMITS entries, parsed and checked for config.ts and its parsers; imports nothing
];

/** The one allowed upward import: the Kysely schema names every feature's table types (type-only). */
function isSchemaException(file: string, target: string, typeOnly: boolean): boolean {
  return file === 'src/db/database.schema.ts' && typeOnly && target.endsWith('.table.ts');
}

interface Import {
  file: string;
  target: string;
  specifier: string;
  typeOnly: boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file: static imports, re-exports and dynamic `import()`. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith('.')) return;
    const target = normalize(join(dirname(file), specifier));
    found.push({ file, target, specifier, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.importClause?.isTypeOnly === true);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `src/jobs/jobs.routes.ts` → `jobs`; `src/app.ts` → `app.ts`; `src/config.test.ts` → `config.ts`. */
function unitOf(path: string): string {
  const inSrc = relative('src', path).split(/[\\/]/).join('/');
  if (FILE_UNITS.has(inSrc)) return inSrc;
  const first = inSrc.split('/')[0] ?? inSrc;
  return first.replace(/\.test\.ts$/, '.ts');
}

const FILE_UNITS = new Set(LAYERS.flat().filter((unit) => unit.includes('/')));
const rankOf = new Map(LAYERS.flatMap((units, rank) => units.map((unit) => [unit, rank] as const)));

describe('the house: folder layers of src/', () => {
  const files = listFiles('src').map((file) => normalize(file));

  it('places every folder and top-level file of src/ in one layer', () => {
    const units = new Set(files.map(unitOf));
    const unplaced = [...units].filter((unit) => !rankOf.has(unit));
    assert.deepEqual(unplaced, [], `add these to LAYERS in ${import.meta.filename}: ${unplaced.join(', ')}`);
  });

  it('never imports from a higher layer or a sibling folder of the same layer', () => {
    const offending: string[] = [];
    for (const file of files) {
      const from = unitOf(file);
      for (const { target, specifier, typeOnly } of importsOf(file)) {
        const to = unitOf(target);
        if (to === from || isSchemaException(file, target, typeOnly)) continue;
        const fromRank = rankOf.get(from);
        const toRank = rankOf.get(to);
        if (fromRank === undefined || toRank === undefined) continue;
        if (toRank > fromRank) continue; // LAYERS lists the top first: a larger rank is lower
        const why = toRank === fromRank ? `in the same layer as ${from}` : `in a layer above ${from}`;
        offending.push(`${file} imports '${specifier}': ${to} is ${why}`);
      }
    }
    assert.deepEqual(offending, [], `imports against the layer order:\n${offending.join('\n')}`);
  });

  it('runs raw SQL only in repositories and src/db: no other file imports a value from kysely', () => {
    const offending = files.filter((file) => {
      if (file.endsWith('.repository.ts') || file.startsWith(normalize('src/db/'))) return false;
      const text = readFileSync(file, 'utf8');
      return /^import (?!type )[^;]*from 'kysely'/m.test(text);
    });
    assert.deepEqual(offending, [], 'move the statement into a repository function taking the db first');
  });
});
