// `npm run build`, also run by `npm install` (the `prepare` script): compiles src/ to dist/ so
// `npm start`, `npm run worker` and `npx pricecrawl` run plain JavaScript with node (no TypeScript
// compiler at run time, docs/performance.md "Start time"). tsc only emits here (`noCheck`:
// `npm run typecheck` checks the types), then the files the code reads beside itself at run time
// (the dashboard's static files) are copied, and the stamp bin/compiled.js compares src/ with is written.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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
// A clean dist/: a module deleted from src/ must not linger in the build.
rmSync(`${root}dist`, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
// Everything in src/ that is not TypeScript is read at run time relative to its module.
cpSync(`${root}src`, `${root}dist`, {
  recursive: true,
  filter: (source) => !/\.[cm]?ts$/.test(source),
});
writeBuildStamp(root, startedAtMs);
process.stdout.write(`pricecrawl build: dist/ written in ${Date.now() - startedAtMs} ms (${BUILD_STAMP})\n`);
