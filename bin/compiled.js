// Runs the compiled service (dist/, written by `npm run build`, which `npm install` runs) with plain
// node: `node bin/compiled.js main/server.js` is `npm start`. A production start never compiles:
// when dist/ is missing, or older than src/ in a checkout, it stops and says what to run, because
// compiling on start would make a start slow and dependent on dev tools, and running stale code
// silently would be worse (docs/performance.md, "Start time").
import { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file the build writes last, beside the compiled code. */
export const BUILD_STAMP = 'dist/.build.json';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Records that the sources as of `startedAtMs` are compiled (a file saved during the build is newer),
 * in `distDir` (default: the checkout's dist/; the build writes into a staging directory it then
 * swaps in).
 */
export function writeBuildStamp(root, startedAtMs, distDir = join(root, 'dist')) {
  writeFileSync(join(distDir, basename(BUILD_STAMP)), `${JSON.stringify({ sourcesAtMs: startedAtMs })}\n`);
}

/** The newest source file under `dir` that the build compiles or copies (tests excluded). */
function newestSource(dir) {
  let newest = { path: undefined, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const candidate = entry.isDirectory()
      ? newestSource(path)
      : entry.name.endsWith('.test.ts')
        ? undefined
        : { path, mtimeMs: statSync(path).mtimeMs };
    if (candidate && candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/**
 * Why dist/ under `root` cannot run, or undefined when it can: missing, or older than a file in
 * src/ (only checked where src/ exists: an image that ships dist/ alone has nothing to compare).
 */
export function buildProblem(root = ROOT) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, BUILD_STAMP), 'utf8'));
  } catch {
    return 'there is no compiled build in dist/';
  }
  let newest;
  try {
    newest = newestSource(join(root, 'src'));
  } catch {
    return undefined;
  }
  if (newest.mtimeMs > stamp.sourcesAtMs) {
    return `dist/ is older than the sources (${relative(root, newest.path)} changed after the last build)`;
  }
  return undefined;
}

/** Imports `dist/<entry>` once the build is there and current; otherwise says what to run and exits 1. */
export async function importCompiled(entry) {
  const problem = buildProblem();
  if (problem) {
    process.stderr.write(
      `pricecrawl: ${problem}.\n` +
        '  Run `npm run build` (npm install runs it too), then start again.\n' +
        '  While developing, `npm run dev` runs the TypeScript sources directly.\n',
    );
    process.exit(1);
  }
  await import(pathToFileURL(join(ROOT, 'dist', entry)).href);
}

// `node bin/compiled.js <entry> [args]`: the entry sees its own arguments, as if node ran it directly.
// argv[1] keeps the symlinks of the path it was started by; this module's URL has none.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry] = process.argv.splice(2, 1);
  if (!entry) {
    process.stderr.write('usage: node bin/compiled.js <entry under dist/, e.g. main/server.js> [args]\n');
    process.exit(2);
  }
  await importCompiled(entry);
}
