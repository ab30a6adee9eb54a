/**
 * Where a service process's resident memory is (bench/hostile.ts `--breakdown`): preloaded into the
 * service with `NODE_OPTIONS=--import <this file>`, it writes one JSON line to `MEMORY_PROBE_FILE`
 * each time the process gets SIGUSR2 (after a forced full GC when node runs with `--expose-gc`):
 * the process's RSS split by mapping (/proc/self/smaps: glibc's main arena `[heap]`, anonymous
 * mappings, which hold V8's pages, the other malloc arenas, thread stacks; file mappings: code and
 * libraries), `process.memoryUsage()`, and V8's spaces (used, committed, resident) of the main
 * isolate. Plain JavaScript so that it needs no loader of its own.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.MEMORY_PROBE_FILE;
const MIB = 1024 * 1024;
const mib = (bytes) => Math.round((bytes / MIB) * 10) / 10;

/** V8's `gc()`, exposed to a fresh context only, when readings are to be taken after a full GC. */
function fullGc() {
  if (process.env.MEMORY_PROBE_GC !== '1') return () => {};
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc');
}

/** Resident KiB of the mappings of /proc/self/smaps, grouped: `[heap]`, anonymous, stacks, files. */
function residentByMapping() {
  const groups = { heap: 0, anonymous: 0, anonymousLarge: 0, files: 0, other: 0 };
  let group = 'other';
  let sizeKib = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1] ?? '';
      group =
        name === '[heap]' ? 'heap' : name === '' ? 'anonymous' : name.startsWith('/') ? 'files' : 'other';
      continue;
    }
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size) sizeKib = Number(size[1]);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    // Anonymous mappings of 8 MiB and more: glibc's other arenas (64 MiB each) and large V8 objects.
    const key = group === 'anonymous' && sizeKib >= 8192 ? 'anonymousLarge' : group;
    groups[key] += Number(rss[1]);
  }
  return Object.fromEntries(Object.entries(groups).map(([key, kib]) => [key, mib(kib * 1024)]));
}

// V8 flags to try on the service without changing it (`MEMORY_PROBE_V8_FLAGS="--flag --other"`).
if (process.env.MEMORY_PROBE_V8_FLAGS) setFlagsFromString(process.env.MEMORY_PROBE_V8_FLAGS);

if (file) {
  const gc = fullGc();
  process.on('SIGUSR2', () => {
    gc();
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name.replace(/_space$/, ''),
        [mib(space.space_used_size), mib(space.space_size), mib(space.physical_space_size)],
      ]),
    );
    const line = {
      atMs: Date.now(),
      rss: mib(usage.rss),
      heapTotal: mib(usage.heapTotal),
      heapUsed: mib(usage.heapUsed),
      external: mib(usage.external),
      arrayBuffers: mib(usage.arrayBuffers),
      mappings: residentByMapping(),
      spaces,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
