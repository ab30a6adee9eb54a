// Runs the test files of one or more lanes with `node --test` (Node 20's runner takes no globs, so the
// files are listed here). docs/testing.md describes the lanes.
//
//   node scripts/run-tests.mjs                     every lane (what `npm test` runs after the checks)
//   node scripts/run-tests.mjs --lane=fast         unit + api (what `npm run test:fast` runs)
//   node scripts/run-tests.mjs --lane=e2e jobs     the e2e files whose path contains "jobs"
//   node scripts/run-tests.mjs --durations         also print every file's duration, slowest first
//   node scripts/run-tests.mjs --list              list the selected files with their lanes, run nothing
//   node scripts/run-tests.mjs --json=out.json     also write each lane's wall time and file durations
//   node scripts/run-tests.mjs --isolate           unit and api files too in a process each (below)
//   node scripts/run-tests.mjs --processes=2       unit and api files in 2 group processes (default: cores + 1)
//
// Other arguments select files: a path substring (`npm run test:unit -- jobs`), or a test file's path
// or name, which selects only that file (bench/test-suite.mjs lists the files it times).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { buildProblem } from '../bin/compiled.js';

/**
 * Tests beside modules that still reach outside the process: they start the sandbox marketplaces
 * and crawl them over HTTP, or score the extractor on every page of ../shared/fixtures.
 */
const CRAWLS_OVER_HTTP = /test\/support\/(sandbox-server|shop-driver-suite)\.ts|runBenchmark\(/;

/** Tests that start the compiled service or CLI (`npm start`, `npx pricecrawl`, bin/), as users do. */
const STARTS_COMPILED =
  /\[\s*'(bin\/pricecrawl\.js|pricecrawl|start)'|npx pricecrawl|startServiceProcess|bin\/compiled/;

const contentOf = (file) => readFileSync(file, 'utf8');

/**
 * Files that start processes or measure time and run with `concurrency` files at a time: two or three
 * (the cores, within that range). Each file has its own PostgreSQL database or SQLite directory, its
 * own Redis key prefix (`uniqueRedisPrefix`), its own temp directories, and ports 0 or, for a
 * service it starts, a `freePort()` no other file is handed (test/support), so two files share
 * nothing but the machine; more than three would only make each wait longer.
 */
const SHARED_CONCURRENCY = Math.min(3, Math.max(2, availableParallelism()));

/**
 * Group processes of the `unit` and `api` lanes: one more than the cores. A group waits between
 * its bursts of CPU (PostgreSQL, the sandbox's and receivers' sockets, timers of the code under
 * test), and a third group computes in those waits on two cores: at the same CPU time, the lane
 * took 184 s of wall in three processes where it took 243 s in two on a loaded machine, 80 s
 * against main's 92 s on a quieter one (docs/testing.md, figures of 27-28 November).
 * `--processes=N` sets another number.
 */
const GROUP_PROCESSES = availableParallelism() + 1;

/**
 * Files that need the machine to themselves, with the reason; they run one at a time after the
 * concurrent files of their lane. docs/testing.md lists them.
 */
const SERIAL = new Map(
  Object.entries({
    // Rates per second of wall time: a loaded neighbour delays requests across second boundaries.
    'test/e2e/cluster.limits.test.ts': 'counts the requests the sandbox sees per second',
    'test/storage/politeness.cluster.test.ts': 'counts the requests the sandbox sees per second',
    'test/api/ratelimit.cluster.test.ts': 'six requests must land before a 0.5/s bucket refills',
    // `npm install <this checkout>` runs its prepare script, which builds beside dist/ and swaps the
    // new build in: files beside it running the compiled service or CLI would lose the lazily loaded
    // chunks of the build they started from.
    'test/client/readme-path.test.ts': 'installs this checkout as a package, whose prepare replaces dist/',
  }),
);

/**
 * The lanes; a file belongs to the first lane that accepts it. `unit` and `api` files share nothing
 * (in-process apps, each on its own SQLite directory or PostgreSQL database, ports 0), so they run
 * in `GROUP_PROCESSES` processes at once; `integration` and `e2e` files start processes and servers, `SHARED_CONCURRENCY` at
 * a time, except the `SERIAL` ones.
 */
const LANES = [
  {
    // Processes as users start them, and clusters of them.
    name: 'e2e',
    concurrency: SHARED_CONCURRENCY,
    accepts: (file) =>
      /^test\/(e2e|streams|browser)\//.test(file) ||
      file.endsWith('.cluster.test.ts') ||
      STARTS_COMPILED.test(contentOf(file)),
  },
  {
    name: 'unit',
    concurrency: GROUP_PROCESSES,
    grouped: true,
    accepts: (file) => file.startsWith('src/') && !CRAWLS_OVER_HTTP.test(contentOf(file)),
  },
  {
    name: 'api',
    concurrency: GROUP_PROCESSES,
    grouped: true,
    accepts: (file) => /^test\/(api|architecture|client|docs|mock|webhooks)\//.test(file),
  },
  // Storage on both dialects, drivers crawling the sandbox over HTTP, the extractor's scoring.
  { name: 'integration', concurrency: SHARED_CONCURRENCY, accepts: () => true },
];

/** The order lanes run in: quick answers first. */
const ORDER = ['unit', 'api', 'integration', 'e2e'];

/** Lane names a `--lane` value stands for. */
const GROUPS = {
  fast: ['unit', 'api'],
  all: ORDER,
};

/** Lanes that start the compiled service or CLI, so dist/ must be current before they run. */
const NEEDS_BUILD = new Set(['e2e']);

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The lane a test file belongs to. */
function laneOf(file) {
  return LANES.find((lane) => lane.accepts(file)).name;
}

/**
 * A filter naming a test file (`….test.ts`: its path, or its name in any folder) selects only such
 * files; any other filter, every path containing it.
 */
const selects = (filter, file) =>
  filter.endsWith('.test.ts') ? file === filter || file.endsWith(`/${filter}`) : file.includes(filter);

/** The whole number after `=` in `--name=N`; exits naming the argument when it is not one above 0. */
function positive(argument) {
  const value = Number(argument.slice(argument.indexOf('=') + 1));
  if (Number.isInteger(value) && value > 0) return value;
  console.error(`${argument}: a whole number above 0, please`);
  process.exit(2);
}

function parseArguments(argv) {
  const options = { lanes: new Set(), durations: false, filters: [] };
  for (const argument of argv) {
    if (argument === '--durations') options.durations = true;
    else if (argument === '--list') options.list = true;
    else if (argument === '--isolate') options.isolate = true;
    else if (argument.startsWith('--processes=')) options.processes = positive(argument);
    else if (argument.startsWith('--json=')) options.json = argument.slice('--json='.length);
    else if (argument.startsWith('--lane=')) {
      for (const name of argument.slice('--lane='.length).split(',')) {
        const names = GROUPS[name] ?? (LANES.some((lane) => lane.name === name) ? [name] : undefined);
        if (!names) {
          const known = [...LANES.map((lane) => lane.name), ...Object.keys(GROUPS)].join(', ');
          console.error(`unknown lane "${name}" (lanes: ${known})`);
          process.exit(2);
        }
        names.forEach((lane) => options.lanes.add(lane));
      }
    } else options.filters.push(argument);
  }
  if (options.lanes.size === 0) GROUPS.all.forEach((lane) => options.lanes.add(lane));
  return options;
}

/** Each file's duration in the last run that ran it (kept beside the checks' caches, not committed). */
const LAST_DURATIONS = 'node_modules/.cache/pricecrawl/test-durations.json';

function readLastDurations() {
  try {
    return JSON.parse(readFileSync(LAST_DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

function rememberDurations(results) {
  const last = readLastDurations();
  for (const { durations } of results)
    for (const entry of durations) last[relative(process.cwd(), entry.file)] = entry.durationMs;
  mkdirSync(dirname(LAST_DURATIONS), { recursive: true });
  writeFileSync(LAST_DURATIONS, `${JSON.stringify(last, null, 1)}\n`);
}

/**
 * The slowest files (by their last run; new files count as slowest) start first, so a long file
 * does not begin near the end of a concurrent lane and run there alone.
 */
function slowestFirst(files) {
  const last = readLastDurations();
  const known = (file) => last[file] ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => known(b) - known(a) || a.localeCompare(b));
}

/** The test runner's timeout and reporters: the spec on stdout, each file's duration to `durationsFile`. */
const runnerOptions = (durationsFile) => [
  '--test-timeout=300000',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/test-durations.mjs',
  `--test-reporter-destination=${durationsFile}`,
];

/** Runs `files` in one `node --test`, `concurrency` at a time; answers whether they passed and their durations. */
function runFiles(files, concurrency) {
  const outDir = mkdtempSync(join(tmpdir(), 'pricecrawl-durations-'));
  const durationsFile = join(outDir, 'durations.jsonl');
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${concurrency}`,
      ...runnerOptions(durationsFile),
      ...files,
    ],
    { stdio: 'inherit' },
  );
  const durations = readDurations(durationsFile);
  rmSync(outDir, { recursive: true, force: true });
  return { passed: result.status === 0, durations };
}

/** Splits `files` into `count` groups of about equal total duration in the last run (slowest first). */
function balancedGroups(files, count) {
  const last = readLastDurations();
  const known = files.map((file) => last[file]).filter((ms) => ms !== undefined);
  // A new file counts as the slowest known one, so it cannot pile up in one group with many others.
  const unknownMs = known.length > 0 ? Math.max(...known) : 1;
  const groups = Array.from({ length: count }, () => ({ files: [], ms: 0 }));
  for (const file of slowestFirst(files)) {
    const lightest = groups.reduce((best, group) => (group.ms < best.ms ? group : best));
    lightest.files.push(file);
    lightest.ms += last[file] ?? unknownMs;
  }
  return groups.map((group) => group.files).filter((group) => group.length > 0);
}

/** Runs `files` in one process (scripts/test-group.mjs); answers whether they passed and their durations. */
function runGroup(files, durationsFile) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...runnerOptions(durationsFile), 'scripts/test-group.mjs', ...files],
    { stdio: 'inherit' },
  );
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

/**
 * Runs `files` in `concurrency` processes at once, each running its share of the files one after the
 * other (scripts/test-group.mjs says why); answers like `runFiles`.
 */
async function runGrouped(files, concurrency) {
  const outDir = mkdtempSync(join(tmpdir(), 'pricecrawl-durations-'));
  const groups = balancedGroups(files, concurrency);
  const passed = await Promise.all(
    groups.map((group, index) => runGroup(group, join(outDir, `durations-${index}.jsonl`))),
  );
  const durations = groups.flatMap((_, index) => readDurations(join(outDir, `durations-${index}.jsonl`)));
  rmSync(outDir, { recursive: true, force: true });
  return { passed: passed.every(Boolean), durations };
}

/** The `{ file, durationMs, passed }` lines scripts/test-durations.mjs wrote, if it wrote any. */
function readDurations(durationsFile) {
  try {
    return readFileSync(durationsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // No file: the runner stopped before any file ended; the exit status says why.
    return [];
  }
}

/**
 * Runs one lane: its files `lane.concurrency` at a time, then its `SERIAL` files one at a time.
 * Answers whether they passed, the lane's wall time and each file's duration.
 */
async function runLane(lane, files, isolate, processes) {
  const serial = files.filter((file) => SERIAL.has(file));
  const shared = files.filter((file) => !SERIAL.has(file));
  const wanted = lane.grouped && processes ? processes : lane.concurrency;
  const concurrency = Math.max(1, Math.min(wanted, shared.length));
  const alone = serial.length > 0 ? ` + ${serial.length} one at a time` : '';
  const grouped = lane.grouped && !isolate;
  const how = grouped ? `in ${concurrency} processes` : `${concurrency} at a time`;
  console.log(`== lane ${lane.name}: ${shared.length} files, ${how}${alone}`);
  const startedMs = Date.now();
  const runs = [];
  if (shared.length > 0 && grouped) runs.push(await runGrouped(shared, concurrency));
  else if (shared.length > 0)
    runs.push(runFiles(concurrency > 1 ? slowestFirst(shared) : shared, concurrency));
  if (serial.length > 0) {
    console.log(`== lane ${lane.name}: alone on the machine: ${serial.join(', ')}`);
    runs.push(runFiles(serial, 1));
  }
  return {
    lane: lane.name,
    passed: runs.every((run) => run.passed),
    wallMs: Date.now() - startedMs,
    concurrency,
    serial: serial.length,
    durations: runs.flatMap((run) => run.durations),
  };
}

function printDurations(results, all) {
  for (const { lane, wallMs, durations } of results) {
    const sorted = [...durations].sort((a, b) => b.durationMs - a.durationMs);
    const shown = all ? sorted : sorted.slice(0, 5);
    console.log(`lane ${lane}: ${(wallMs / 1000).toFixed(1)} s wall, ${durations.length} files`);
    for (const entry of shown) {
      const file = entry.file.startsWith(process.cwd())
        ? entry.file.slice(process.cwd().length + 1)
        : entry.file;
      console.log(
        `  ${(entry.durationMs / 1000).toFixed(2).padStart(8)} s  ${entry.passed ? '' : 'FAILED '}${file}`,
      );
    }
  }
}

/**
 * Lanes that run one after the other, except `unit` and `api` when both run (`test:fast`, `npm
 * test`): their files share nothing and take one core each, so they form one pool, whose slowest
 * files (the API's) start first instead of after the last unit file.
 */
function pooled(lanes) {
  const names = lanes.map((lane) => lane.name);
  if (!names.includes('unit') || !names.includes('api'))
    return lanes.map((lane) => ({ ...lane, members: [lane.name] }));
  const unit = lanes.find((lane) => lane.name === 'unit');
  return lanes.flatMap((lane) => {
    if (lane.name === 'unit') return [{ ...unit, name: 'unit+api', members: ['unit', 'api'] }];
    return lane.name === 'api' ? [] : [{ ...lane, members: [lane.name] }];
  });
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const all = ['src', 'test'].flatMap((dir) => findTests(dir));
  const stale = [...SERIAL.keys()].filter((file) => !all.includes(file));
  if (stale.length > 0) {
    console.error(`SERIAL in scripts/run-tests.mjs names files that do not exist: ${stale.join(', ')}`);
    process.exit(2);
  }
  const files = all
    .filter((file) => options.lanes.has(laneOf(file)))
    .filter((file) => options.filters.length === 0 || options.filters.some((filter) => selects(filter, file)))
    .sort();
  if (files.length === 0) {
    console.error('no test files matched');
    process.exit(1);
  }
  if (options.list) {
    for (const file of files) {
      const alone = SERIAL.has(file) ? `\talone: ${SERIAL.get(file)}` : '';
      console.log(`${laneOf(file)}\t${file}${alone}`);
    }
    return;
  }
  const lanes = ORDER.map((name) => LANES.find((lane) => lane.name === name)).filter((lane) =>
    files.some((file) => laneOf(file) === lane.name),
  );
  // Tests that start the service (`npm start`, `npx pricecrawl`) run the compiled code, as production
  // does: when dist/ is missing or older than src/, it is rebuilt first (tests themselves run through tsx).
  const problem = lanes.some((lane) => NEEDS_BUILD.has(lane.name)) ? buildProblem() : undefined;
  if (problem) {
    console.error(`${problem}: building it for the tests that start the service`);
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const results = [];
  for (const lane of pooled(lanes)) {
    const members = files.filter((file) => lane.members.includes(laneOf(file)));
    results.push(await runLane(lane, members, options.isolate, options.processes));
  }
  rememberDurations(results);
  printDurations(results, options.durations);
  // bench/test-suite.mjs reads the figures from here.
  if (options.json) writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
  process.exit(results.every((result) => result.passed) ? 0 : 1);
}

await main();
