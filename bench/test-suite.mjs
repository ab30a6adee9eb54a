// Test-suite timing (issue 19, "Done when": `npm test` at least a third faster than main was when
// the issue started, on the same tests and the same machine, side by side, tests added meanwhile
// timed apart). Times what `npm test` runs in this checkout, check by check and lane by lane, and
// prints every test file's duration. With `--against DIR` (a checkout of the baseline with its
// node_modules) it first times the baseline's suite the way its `npm test` ran it (type check, lint,
// every file one at a time), then this checkout's on the files both have (matched by path, or by
// name when a file moved), then apart the files only this checkout has, and compares.
//
//   node bench/test-suite.mjs [--against /work/wt-base] [--lanes unit,api,integration,e2e]
//
// Wall times depend on the machine's load: run it on a quiet machine (it prints `uptime` before
// and after). docs/testing.md, "Measuring the suite".
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
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

/** Test files under `root`'s src/ and test/, relative to `root`. */
function findTests(root, dir = '') {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(root, path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const testsOf = (root) => [...findTests(root, 'src'), ...findTests(root, 'test')].sort();

/**
 * Pairs the baseline's files with this checkout's: same path, else the same file name when exactly
 * one file on each side has it (a file moved to another folder). Answers the pairs and the rest.
 */
function matchFiles(old, now) {
  const count = (files) =>
    files.reduce(
      (counts, file) => counts.set(basename(file), (counts.get(basename(file)) ?? 0) + 1),
      new Map(),
    );
  const [oldNames, nowNames] = [count(old), count(now)];
  const nowSet = new Set(now);
  const pairs = new Map();
  for (const file of old) {
    if (nowSet.has(file)) pairs.set(file, file);
    else if (oldNames.get(basename(file)) === 1 && nowNames.get(basename(file)) === 1)
      pairs.set(
        file,
        now.find((candidate) => basename(candidate) === basename(file)),
      );
  }
  const paired = new Set(pairs.values());
  return {
    pairs,
    onlyOld: old.filter((file) => !pairs.has(file)),
    onlyNew: now.filter((file) => !paired.has(file)),
  };
}

/** The baseline's suite as its `npm test` ran it: checks, then every file one at a time. */
function timeBaseline(dir) {
  timed(dir, ['node', 'scripts/build.mjs']);
  const checks = CHECKS.map(([name, command]) => ({ name, ...timed(dir, command) }));
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
    ...testsOf(dir),
  ]);
  const perFile = readJsonLines(join(out, 'durations.jsonl'));
  rmSync(out, { recursive: true, force: true });
  return {
    checks,
    lanes: [{ lane: 'all', wallMs: run.seconds * 1000, passed: run.passed, durations: perFile }],
  };
}

/** Whether `lane` has any of `files` (`--list` exits non-zero when it has none). */
function laneHas(lane, files) {
  const listed = spawnSync('node', ['scripts/run-tests.mjs', `--lane=${lane}`, '--list', ...files], {
    cwd: HERE,
    encoding: 'utf8',
  });
  return listed.status === 0 && listed.stdout.trim() !== '';
}

/**
 * This checkout's lanes on `files` (every file when absent), in one `scripts/run-tests.mjs` as
 * `npm test` runs them (it pools the unit and API lanes); answers each lane's figures.
 */
function timeLanes(files) {
  const lanes = args.lanes.split(',').filter((lane) => !files || laneHas(lane, files));
  if (lanes.length === 0) return [];
  const out = mkdtempSync(join(tmpdir(), 'suite-here-'));
  const json = join(out, 'lanes.json');
  timed(HERE, [
    'node',
    'scripts/run-tests.mjs',
    `--lane=${lanes.join(',')}`,
    `--json=${json}`,
    ...(files ?? []),
  ]);
  const figures = JSON.parse(readFileSync(json, 'utf8'));
  rmSync(out, { recursive: true, force: true });
  return figures;
}

function report(title, root, suite) {
  console.log(`\n== ${title} (${root})`);
  for (const check of suite.checks)
    console.log(`${check.name.padEnd(12)} ${check.seconds.toFixed(1).padStart(8)} s`);
  for (const lane of suite.lanes) {
    const state = lane.passed ? '' : '  (failures)';
    const how = lane.concurrency ? `, ${lane.concurrency} at a time, ${lane.serial ?? 0} alone` : '';
    console.log(
      `lane ${lane.lane.padEnd(11)} ${(lane.wallMs / 1000).toFixed(1).padStart(8)} s, ${lane.durations.length} files${how}${state}`,
    );
    for (const entry of [...lane.durations].sort((a, b) => b.durationMs - a.durationMs))
      console.log(
        `  ${(entry.durationMs / 1000).toFixed(2).padStart(8)} s  ${relative(root, resolve(root, entry.file))}`,
      );
  }
  const seconds = wholeSeconds(suite);
  console.log(
    `whole ${seconds.toFixed(1)} s wall${suite.lanes.every((lane) => lane.passed) ? '' : ' (with failures)'}`,
  );
  return seconds;
}

const wholeSeconds = (suite) =>
  suite.checks.reduce((sum, check) => sum + check.seconds, 0) +
  suite.lanes.reduce((sum, lane) => sum + lane.wallMs / 1000, 0);

/** Per-file seconds keyed by path relative to `root`. */
const byFile = (root, suite) =>
  new Map(
    suite.lanes.flatMap((lane) =>
      lane.durations.map((entry) => [relative(root, resolve(root, entry.file)), entry.durationMs / 1000]),
    ),
  );

const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(`start: ${load()}`);
const baseline = args.against ? resolve(args.against) : undefined;
if (!baseline) {
  const checks = CHECKS.map(([name, command]) => ({ name, ...timed(HERE, command) }));
  report('this checkout', HERE, { checks, lanes: timeLanes() });
} else {
  const { pairs, onlyOld, onlyNew } = matchFiles(testsOf(baseline), testsOf(HERE));
  const before = timeBaseline(baseline);
  const checks = CHECKS.map(([name, command]) => ({ name, ...timed(HERE, command) }));
  const after = { checks, lanes: timeLanes([...pairs.values()]) };
  const added = { checks: [], lanes: onlyNew.length > 0 ? timeLanes(onlyNew) : [] };
  const beforeSeconds = report('baseline', baseline, before);
  const afterSeconds = report('this checkout, the files both have', HERE, after);
  report('this checkout, the files only it has (timed apart)', HERE, added);
  const old = byFile(baseline, before);
  const sum = (files) => files.reduce((total, file) => total + (old.get(file) ?? 0), 0);
  // The baseline ran one file at a time: its file times add up to its test time.
  const sameTests = beforeSeconds - sum(onlyOld);
  console.log(`\n== side by side (${pairs.size} files in both)`);
  console.log(
    `baseline files not here (${onlyOld.length}, ${sum(onlyOld).toFixed(1)} s): ${onlyOld.join(', ')}`,
  );
  console.log(
    `npm test on the same tests: baseline ${sameTests.toFixed(1)} s, this checkout ${afterSeconds.toFixed(1)} s ` +
      `(x${(afterSeconds / sameTests).toFixed(2)}; a third faster is x0.67 or less: ${afterSeconds <= (sameTests * 2) / 3 ? 'yes' : 'no'})`,
  );
  console.log(
    `whole suites: baseline ${beforeSeconds.toFixed(1)} s, this checkout ${(afterSeconds + wholeSeconds(added)).toFixed(1)} s`,
  );
}
console.log(`end: ${load()}`);
