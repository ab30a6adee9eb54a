// A `node --test` reporter that writes one JSON line per test file at the end of the run:
// `{ file, durationMs, passed }`. scripts/run-tests.mjs hands it a destination file and prints the
// slowest files from it after the run (`--durations` prints every file).
// Node 20's `node --test` reports each file as a test named after the file; Node 22's does not, and
// neither do the unit and API lanes' group processes (scripts/test-group.mjs), so there a file's
// duration is the sum of its top-level tests and suites (its process start or load is not counted).
export default async function* durations(source) {
  const fileEntries = new Map();
  const topLevel = new Map();
  for await (const event of source) {
    if (event.type !== 'test:complete' && event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, name, nesting } = event.data;
    if (file === undefined) continue;
    const { duration_ms: durationMs } = event.data.details ?? {};
    const passed = event.type === 'test:complete' ? event.data.details.passed : event.type === 'test:pass';
    if (name === file) {
      if (event.type === 'test:complete') fileEntries.set(file, { file, durationMs, passed });
      continue;
    }
    if (nesting !== 0 || event.type === 'test:complete') continue;
    const sum = topLevel.get(file) ?? { file, durationMs: 0, passed: true };
    sum.durationMs += durationMs ?? 0;
    sum.passed &&= passed;
    topLevel.set(file, sum);
  }
  for (const [file, sum] of topLevel) if (!fileEntries.has(file)) fileEntries.set(file, sum);
  for (const entry of fileEntries.values()) yield `${JSON.stringify(entry)}\n`;
}
