// Runs several test files in this one process, one after the other: scripts/run-tests.mjs starts a
// few of these for the unit and API lanes instead of one process per file. A process start that
// loads the app's module graph through tsx costs seconds of CPU (most of a short API file's time),
// so paying it once per group instead of once per file is most of `npm run test:fast`'s speed.
// Files of those lanes share nothing (their own databases, directories, ports 0), so running them in
// one process changes no result; `--isolate` in run-tests.mjs runs one process per file again.
//
//   node --import tsx --test-reporter=spec scripts/test-group.mjs <test file>...
//
// node:test names each test's file from where it was declared, so reporters still see every file;
// the process exits non-zero when any test failed (node:test sets the exit code), or a file failed
// to load, which is reported as a failed test named after the file.
import { test } from 'node:test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    test(`${file} could not be loaded`, () => {
      throw error;
    });
  }
}
