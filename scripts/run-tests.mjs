// Node 20's test runner takes no globs, so the test files are listed here and handed to `node --test`.
// Pass paths or substrings as arguments to run a subset: `npm run test:unit -- jobs`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildProblem } from '../bin/compiled.js';

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = ['src', 'test']
  .flatMap((dir) => findTests(dir))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// Tests that start the service (`npm start`, `npx pricecrawl`) run the compiled code, as production
// does: when dist/ is missing or older than src/, it is rebuilt first (tests themselves run through tsx).
const problem = buildProblem();
if (problem) {
  console.error(`${problem}: building it for the tests that start the service`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=300000', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
