// Test-suite timing (issue 19, "Done when"): times what `npm test` runs in this checkout, check by
// check and lane by lane, and prints every test file's duration. With `--against DIR` (a checkout of
// the baseline, e.g. main as of the start, with its node_modules) it first times the
// baseline's suite the way its `npm test` ran it (type check, lint, every file one at a time), then
// this checkout's, on the same machine one after the other, and compares: the whole run, and the
// files both have; files only one side has (tests added meanwhile) are timed apart.
//
//   node bench/test-suite.mjs [--against /work/wt-base] [--lanes unit,api,integration,e2e]
//
// Wall times depend on the machine's load: run it on a quiet machine, and read the CPU figures the
// test runner cannot show from `/usr/bin/time` if needed. docs/testing.md, "Measuring the suite".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    lanes: { type: 'string', default: 'unit,api,integration,e2e' },
  },
});
const HERE = resolve(import.meta.dirname, '..');
const REPORTER = join(HERE, 'scripts/test-durations.mjs');
const CHECKS = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
];

/** Runs a command in `cwd`, output discarded unless it fails; answers its wall seconds. */
function timed(cwd, [command, ...rest]) {
  const startedMs = Date.now();
  const result = spawnSync(command, rest, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (Date.now() - startedMs) / 1000;
  if (result.status !== 0)
    console.error(`${command} ${rest.join(' ')} failed in ${cwd}:\n${result.stdout}${result.stderr}`);
  return { seconds, passed: result.status === 0 };
}

const readJsonLines = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The baseline's suite as its `npm test` ran it: checks, then every file one at a time. */
function timeBaseline(dir) {
  timed(dir, ['node', 'scripts/build.mjs']);
  const checks = CHECKS.map(([name, command]) => ({ name, ...timed(dir, command) }));
  const files = ['src', 'test'].flatMap((sub) => findTests(join(dir, sub))).sort();
  const out = mkdtempSync(join(tmpdir(), 'suite-baseline-'));
  const flags = ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=300000'];
  const reporters = ['--test-reporter=dot', '--test-reporter-destination=/dev/null'];
  const durations = `--test-reporter-destination=${join(out, 'durations.jsonl')}`;
  const run = timed(dir, [
    'node',
    ...flags,
    ...reporters,
    `--test-reporter=${REPORTER}`,
    durations,
    ...files,
  ]);
  const perFile = readJsonLines(join(out, 'durations.jsonl'));
  rmSync(out, { recursive: true, force: true });
  return {
    checks,
    lanes: [{ lane: 'all', wallMs: run.seconds * 1000, passed: run.passed, durations: perFile }],
  };
}

/** This checkout's suite: the checks of `npm test`, then each lane through scripts/run-tests.mjs. */
function timeHere() {
  const checks = CHECKS.map(([name, command]) => ({ name, ...timed(HERE, command) }));
  const out = mkdtempSync(join(tmpdir(), 'suite-here-'));
  const lanes = args.lanes.split(',').flatMap((lane) => {
    const json = join(out, `${lane}.json`);
    timed(HERE, ['node', 'scripts/run-tests.mjs', `--lane=${lane}`, `--json=${json}`]);
    return JSON.parse(readFileSync(json, 'utf8'));
  });
  rmSync(out, { recursive: true, force: true });
  return { checks, lanes };
}

function report(title, root, suite) {
  console.log(`\n== ${title} (${root})`);
  for (const check of suite.checks)
    console.log(`${check.name.padEnd(12)} ${check.seconds.toFixed(1).padStart(8)} s`);
  for (const lane of suite.lanes) {
    const state = lane.passed ? '' : '  (failures)';
    console.log(
      `lane ${lane.lane.padEnd(7)} ${(lane.wallMs / 1000).toFixed(1).padStart(8)} s, ${lane.durations.length} files${state}`,
    );
    for (const entry of [...lane.durations].sort((a, b) => b.durationMs - a.durationMs)) {
      console.log(`  ${(entry.durationMs / 1000).toFixed(2).padStart(8)} s  ${relative(root, entry.file)}`);
    }
  }
  const seconds =
    suite.checks.reduce((sum, c) => sum + c.seconds, 0) +
    suite.lanes.reduce((sum, l) => sum + l.wallMs / 1000, 0);
  console.log(`whole suite ${seconds.toFixed(1)} s wall`);
  return seconds;
}

/** Per-file seconds keyed by path relative to the checkout. */
const byFile = (root, suite) =>
  new Map(
    suite.lanes.flatMap((lane) =>
      lane.durations.map((entry) => [relative(root, entry.file), entry.durationMs / 1000]),
    ),
  );

const baseline = args.against ? resolve(args.against) : undefined;
const before = baseline ? timeBaseline(baseline) : undefined;
const after = timeHere();
const afterSeconds = report('this checkout', HERE, after);
if (baseline && before) {
  const beforeSeconds = report('baseline', baseline, before);
  const [old, now] = [byFile(baseline, before), byFile(HERE, after)];
  const common = [...old.keys()].filter((file) => now.has(file));
  const sum = (map, files) => files.reduce((total, file) => total + (map.get(file) ?? 0), 0);
  const onlyOld = [...old.keys()].filter((file) => !now.has(file));
  const onlyNew = [...now.keys()].filter((file) => !old.has(file));
  console.log(`\n== side by side`);
  console.log(
    `whole suite: baseline ${beforeSeconds.toFixed(1)} s, this checkout ${afterSeconds.toFixed(1)} s (x${(afterSeconds / beforeSeconds).toFixed(2)})`,
  );
  console.log(
    `files in both (${common.length}): baseline ${sum(old, common).toFixed(1)} s, this checkout ${sum(now, common).toFixed(1)} s of file time`,
  );
  console.log(
    `only in the baseline (${onlyOld.length}): ${sum(old, onlyOld).toFixed(1)} s; only here (${onlyNew.length}): ${sum(now, onlyNew).toFixed(1)} s`,
  );
  for (const file of onlyNew) console.log(`  new here: ${file} ${now.get(file).toFixed(2)} s`);
}
