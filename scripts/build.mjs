// `npm run build`, also run by `npm install` (the `prepare` script): compiles src/ to dist/ so
// `npm start`, `npm run worker` and `npx pricecrawl` run plain JavaScript with node (no TypeScript
// compiler at run time, docs/performance.md "Start time"). tsc only emits here (`noCheck`:
// `npm run typecheck` checks the types), then the files the code reads beside itself at run time
// (the dashboard's static files) are copied, the process entries are bundled (below), and the stamp
// bin/compiled.js compares src/ with is written. Beside the compiler, the client's types are generated
// from the app's OpenAPI document (`npm run generate:client-types`; they are not part of dist/).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP, writeBuildStamp } from '../bin/compiled.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const startedAtMs = Date.now();

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  process.stderr.write(
    'pricecrawl build: typescript is not installed (a dev dependency): run `npm install` with dev dependencies\n',
  );
  process.exit(1);
}
// Started first so it runs beside tsc: it builds the app, which takes a few seconds.
const clientTypes = generateClientTypes();
// The build is written into a fresh directory beside dist/ (so a module deleted from src/ does not
// linger, and source maps keep their relative paths) and swapped in whole at the end: a process
// that starts the compiled service or CLI while a build runs (tests beside an `npm install` of the
// checkout, an operator rebuilding) finds the previous build, never a half-written one.
const staging = mkdtempSync(join(root, '.dist-build-'));
process.on('exit', () => rmSync(staging, { recursive: true, force: true }));
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', staging], {
  cwd: root,
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
const clientTypesStatus = await clientTypes;
if (clientTypesStatus !== 0) process.exit(clientTypesStatus ?? 1);
// Everything in src/ that is not TypeScript is read at run time relative to its module.
cpSync(`${root}src`, staging, {
  recursive: true,
  filter: (source) => !/\.[cm]?ts$/.test(source),
});
await bundleEntries(join(staging, 'main'));
// The bundles in dist/main/ read the dashboard's files at `./static/` beside them, as its module does in src/.
// The unit tests beside the dashboard's modules stay out of dist.
cpSync(`${root}src/api/dashboard/static`, join(staging, 'main', 'static'), {
  recursive: true,
  filter: (path) => !path.endsWith('.test.ts'),
});
writeBuildStamp(root, startedAtMs, staging);
swapIntoDist(staging);
process.stdout.write(`pricecrawl build: dist/ written in ${Date.now() - startedAtMs} ms (${BUILD_STAMP})\n`);

/**
 * Puts the finished build at dist/: two renames, so dist/ is missing only between them; the
 * previous build is then removed.
 */
function swapIntoDist(built) {
  const dist = join(root, 'dist');
  const previous = `${built}-previous`;
  if (existsSync(dist)) renameSync(dist, previous);
  renameSync(built, dist);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Runs scripts/generate-client-types.ts (through tsx: it imports the app from src/) in a child
 * process; answers its exit status. It rewrites generated/openapi.d.ts only when the document changed.
 */
function generateClientTypes() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/generate-client-types.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code));
  });
}

/**
 * Replaces the compiled process entries in dist/main/ with esbuild bundles of our code and the
 * pure-JavaScript packages it imports, because loading about a thousand separate modules was most
 * of a start (docs/performance.md, "Start time"). Code shared by the entries, and what the CLI
 * imports lazily, goes into dist/main/bundle-*.js chunks, so `pricecrawl help` loads no server.
 * Written to `outdir`, the staging directory's main/. Entries and chunks all sit in dist/main/, so import.meta.url in bundled code points there: the
 * sandbox fork (`./sandbox.js`) finds the sandbox bundle and the dashboard reads
 * `./static/`, copied beside the bundles; the rest of dist/ stays tsc's output.
 * External, i.e. loaded from node_modules as before: packages that read files beside themselves
 * at run time (native addons, swagger-ui's static files, pino's worker-thread transports), the
 * ones we import lazily (exceljs, ioredis), and bullmq, which imports ioredis (its Redis scripts
 * were files beside it in older versions). A new dependency that reads its own files
 * (`__dirname`, `require.resolve`) belongs in this list.
 */
async function bundleEntries(outdir) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write(
      'pricecrawl build: esbuild is not installed (a dev dependency): run `npm install` with dev dependencies\n',
    );
    process.exit(1);
  }
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      ...['server', 'worker', 'sandbox', 'cli'].map((name) => ({ in: `src/main/${name}.ts`, out: name })),
      // The compute pool's threads start this file beside the bundle that runs the pool.
      { in: 'src/crawl/compute/compute.worker.ts', out: 'compute.worker' },
      // Every process with a SQLite file starts this one beside its bundle (platform/db/database.checkpoint.ts).
      { in: 'src/platform/db/database.checkpoint.worker.ts', out: 'database.checkpoint.worker' },
    ],
    outdir,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    chunkNames: 'bundle-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    external: ['better-sqlite3', 'pg-native', 'exceljs', 'bullmq', 'ioredis', 'pino', 'thread-stream'],
    plugins: [packageDirectories(['@fastify/swagger-ui'])],
    // The bundled CommonJS packages call require() for node's built-ins, which ESM lacks.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
    },
  });
}

/**
 * An esbuild plugin for bundled CommonJS packages that find their own files through `__dirname`
 * (swagger-ui serves its static assets from its package directory): ESM has no `__dirname`, and
 * the bundle's directory is not the package's, so each of their modules gets a `__dirname` that
 * names its directory in the installed package, resolved at run time from dist/main/ as an import
 * of the package would be (so an image that ships node_modules/ beside dist/ finds it too).
 */
function packageDirectories(packages) {
  const escaped = packages.map((name) => name.replace(/[/.]/g, (c) => `\\${c}`));
  const filter = new RegExp(`[\\/]node_modules[\\/](${escaped.join('|')})[\\/].*\\.js$`);
  return {
    name: 'package-directories',
    setup(build) {
      build.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('__dirname')) return undefined;
        const [, name, inPackage] = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/.exec(args.path);
        const subdirectory = inPackage.split(/[\\/]/).slice(0, -1).join('/');
        const packageDir = `require('node:path').dirname(require.resolve(${JSON.stringify(`${name}/package.json`)}))`;
        const dirname = subdirectory
          ? `require('node:path').join(${packageDir}, ${JSON.stringify(subdirectory)})`
          : packageDir;
        return { contents: `var __dirname = ${dirname};\n${source}`, loader: 'js' };
      });
    },
  };
}
