import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/**
 * The layers of `src/`, top first (docs/architecture.md draws them). `src/` holds a few areas
 * (`api/`, `accounts/`, `pipeline/`, `crawl/`, `platform/`), each a folder of features. A unit is a
 * feature folder inside an area (`pipeline/results`) or a folder or file directly in `src/` (`main`,
 * `app.ts`). A file may import from its own unit and from units of LOWER layers only; units of one
 * layer do not import each other. Data flows one way: request → submission → queue → crawl →
 * result → delivery. Every unit must appear here: a new folder gets its place on purpose. The
 * order keeps each area's units together, so areas are layered as wholes too.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['main'], // process shells: wire the runtime, listen, run the CLI
  ['app.ts', 'cli'], // the HTTP app, the operator commands
  ['api/mock'], // the mock server built from the app's OpenAPI document
  ['api/account-plane', 'api/dashboard'], // /v1/account/* over the API features; the web dashboard's static files
  ['api/jobs', 'api/streams', 'api/history', 'api/health'], // the data API's features
  ['api/deliveries'], // webhook delivery records and replays, shared by jobs, streams and the account plane
  ['api/http'], // HTTP error mapping and validation messages
  ['client'], // the typed client pricecrawl/client (HTTP only)
  ['sandbox'], // the simulated marketplaces (never imported by drivers)
  ['pipeline/submissions'], // validation, idempotency and job creation shared by POST /job and POST /stream
  ['pipeline/tasks'], // the task list both queue engines run (tasks.registry.ts): crawl chunks, deadlines, interval periods; reconciliation of lost work
  ['pipeline/observations'], // the observation cache and history rows: reuse or crawl
  ['pipeline/results'], // build a result item, record it, settle credits, hand it to deliveries
  ['pipeline/deliveries'], // webhook deliveries of every job: assembly, payload, dispatcher, table
  ['pipeline/changes'], // change alerts (G40): a result's price figures, baselines per value, what a run's delivery carries
  ['pipeline/webhooks'], // webhook transport (sender, signatures, address policy)
  ['pipeline/work'], // the jobs and job_values tables and their repository, the job-ended events
  ['pipeline/queue'], // the work queue engines
  ['accounts/identity', 'accounts/provisioning'], // dashboard users and sessions; accounts with keys and credits
  ['accounts/credits'], // the credit ledger
  ['accounts/auth', 'accounts/ratelimit'], // who is calling; how fast
  ['accounts/accounts', 'accounts/audit'], // account rows and their repository; the audit log
  ['crawl/compute'], // worker threads that run the crawl's pure CPU work (parsers, trust) beside the main thread
  ['crawl/trust'], // trust scores of results
  ['crawl/sources'], // one folder per source (module, driver, parser, quirks), the registry, the catalogue
  ['crawl/engine'], // the engine drivers plug into: outcome, offers, fallbacks, crawl state
  ['crawl/driver-health'], // pages read, fell back, blocked and failed per source and country; failing pages kept
  ['crawl/fetcher'], // HTTP fetcher, sessions, proxies, politeness
  ['crawl/parse'], // page-parse helpers shared by drivers
  ['crawl/extract'], // generic page extraction
  ['crawl/vocabulary'], // what drivers and the engine share: source ids, keys, topics, crawl types and errors
  ['platform/leases', 'platform/cluster'], // leases in the database (schedules once per cluster); key locks on Redis
  ['platform/db'], // database handle, schema and migrations
  ['platform/openapi', 'platform/metrics'], // shared OpenAPI schemas; Prometheus metrics
  ['platform/errors'], // AppError
  ['config.ts'], // configuration: the only reader of process.env
  ['platform/lib', 'platform/config'], // small generic helpers; the parsers of config.ts's variables and CRAWL_LIMITS
];

/** The one allowed upward import: the Kysely schema names every feature's table types (type-only). */
function isSchemaException(file: string, target: string, typeOnly: boolean): boolean {
  return file === 'src/platform/db/database.schema.ts' && typeOnly && target.endsWith('.table.ts');
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

/** Top-level folders of src/ that are areas of feature folders. */
const AREAS = new Set(['api', 'accounts', 'pipeline', 'crawl', 'platform']);

/** `src/api/jobs/jobs.routes.ts` → `api/jobs`; `src/app.ts` → `app.ts`; `src/main/x.ts` → `main`. */
function unitOf(path: string): string {
  const parts = relative('src', path).split(/[\\/]/);
  const [first = '', second = ''] = parts;
  return AREAS.has(first) && parts.length > 1 ? `${first}/${second}` : first.replace(/\.test\.ts$/, '.ts');
}

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
      if (file.endsWith('.repository.ts') || file.startsWith(normalize('src/platform/db/'))) return false;
      const text = readFileSync(file, 'utf8');
      return /^import (?!type )[^;]*from 'kysely'/m.test(text);
    });
    assert.deepEqual(offending, [], 'move the statement into a repository function taking the db first');
  });
});
