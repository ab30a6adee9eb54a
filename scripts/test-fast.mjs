// `npm run test:fast`: the type check, lint, formatter check, cycle check, and the unit and API test
// lanes (docs/testing.md), with no end-to-end, browser, cluster, storage or sandbox-crawl test.
// The checks keep their caches in node_modules/.cache/pricecrawl (a second run reads only what
// changed) and run beside the tests: test processes spend much of their time waiting on I/O.
// Prints each step's time and the total; exits non-zero when any step failed.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const CACHE = 'node_modules/.cache/pricecrawl';

const CHECKS = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '--incremental', '--tsBuildInfoFile', `${CACHE}/tsbuildinfo`]],
  ['eslint', 'npx', ['eslint', '--cache', '--cache-location', `${CACHE}/eslint`, '.']],
  ['prettier', 'npx', ['prettier', '--check', '--cache', '--log-level', 'warn', '.']],
  ['cycles', 'npm', ['run', '--silent', 'check:cycles']],
];

/** Runs one step; its output is kept when `quiet` and printed only if it fails. */
function run(name, command, args, quiet) {
  const startedMs = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ name, passed: code === 0, seconds: (Date.now() - startedMs) / 1000, output }),
    );
  });
}

async function checks() {
  const results = [];
  for (const [name, command, args] of CHECKS) results.push(await run(name, command, args, true));
  return results;
}

mkdirSync(CACHE, { recursive: true });
const startedMs = Date.now();
const [checked, tested] = await Promise.all([
  checks(),
  run(
    'tests (unit, api)',
    process.execPath,
    ['scripts/run-tests.mjs', '--lane=fast', ...process.argv.slice(2)],
    false,
  ),
]);
const results = [...checked, tested];
for (const result of checked) if (!result.passed) console.error(`== ${result.name} failed\n${result.output}`);
for (const result of results) {
  console.log(
    `${result.passed ? 'ok    ' : 'FAILED'} ${result.name.padEnd(18)} ${result.seconds.toFixed(1).padStart(6)} s`,
  );
}
console.log(`test:fast: ${((Date.now() - startedMs) / 1000).toFixed(1)} s in all`);
process.exit(results.every((result) => result.passed) ? 0 : 1);
