// A `node --test` reporter that writes one JSON line per test file when the file's process ends:
// `{ file, durationMs, passed }`. scripts/run-tests.mjs hands it a destination file and prints the
// slowest files from it after the run (`--durations` prints every file).
export default async function* durations(source) {
  for await (const event of source) {
    // A file's own entry is the test named after the file, completed when its process exits.
    if (event.type !== 'test:complete' || event.data.name !== event.data.file) continue;
    const { duration_ms: durationMs, passed } = event.data.details;
    yield `${JSON.stringify({ file: event.data.file, durationMs, passed })}\n`;
  }
}
