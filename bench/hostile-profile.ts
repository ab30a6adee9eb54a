/**
 * Where the event loop stalls during the large malformed submissions of bench/hostile.ts, in process
 * (issue 22, point 3): less sensitive to a loaded machine than `/health` probed over HTTP, since
 * nothing else of this process competes with the submission. It starts the service in this process
 * (the test harness: SQLite, ROLE=all, the worker running), samples a CPU profile every 1 ms
 * (node:inspector), and a 5 ms timer records every gap over `--gap-ms` (40) between two of its turns,
 * while each submission is sent through `app.inject` and `--settle-ms` (5 s) after it, so the writes
 * that follow the answer (the worker's slices, the checkpoint) are seen too. It prints, per
 * submission, the longest stall, the count of stalls over 100 ms and over 500 ms, and what the
 * profile's samples inside the longest stall were running (the innermost function of ours, and the
 * innermost function of all). With `--heap`, V8's heap figures and RSS before and after each.
 *
 *   npx tsx bench/hostile-profile.ts [--values 100000] [--settle-ms 5000] [--gap-ms 40] [--heap]
 */
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { startHarness } from '../test/support/harness.ts';
import { badGtins, longValues } from './hostile-values.ts';
import { log, machineLoad } from './support.ts';

const { values: args } = parseArgs({
  options: {
    values: { type: 'string', default: '100000' },
    'settle-ms': { type: 'string', default: '5000' },
    'gap-ms': { type: 'string', default: '40' },
    heap: { type: 'boolean', default: false },
  },
});
const VALUE_COUNT = Number(args.values);
const SETTLE_MS = Number(args['settle-ms']);
const GAP_MS = Number(args['gap-ms']);
const OURS = /\/src\//;

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Stall {
  startUs: number;
  endUs: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;

/** The samples inside `stall`, counted by their innermost frame of ours and their innermost frame. */
function inside(profile: Profile, stall: Stall): { ours: Map<string, number>; top: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const ours = new Map<string, number>();
  const top = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < stall.startUs || at > stall.endUs) return;
    const node = byId.get(id);
    if (!node) return;
    top.set(frameName(node), (top.get(frameName(node)) ?? 0) + 1);
    for (let walk: number | undefined = id; walk !== undefined; walk = parents.get(walk)) {
      const frame = byId.get(walk);
      if (frame && OURS.test(frame.callFrame.url)) {
        ours.set(frameName(frame), (ours.get(frameName(frame)) ?? 0) + 1);
        return;
      }
    }
    ours.set('(none of ours: idle, GC or native)', (ours.get('(none of ours: idle, GC or native)') ?? 0) + 1);
  });
  return { ours, top };
}

const topOf = (counts: Map<string, number>, n = 6) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `    ${String(count).padStart(5)} samples  ${name}`)
    .join('\n');

function heapLine(label: string): string {
  global.gc?.();
  const heap = getHeapStatistics();
  const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
  const usage = process.memoryUsage();
  return `${label}: rss ${mib(usage.rss)}, V8 heap used ${mib(heap.used_heap_size)} of ${mib(heap.total_heap_size)}, external ${mib(usage.external)}, array buffers ${mib(usage.arrayBuffers)}`;
}

const harness = await startHarness({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
const session = new Session();
session.connect();
try {
  const { headers } = await harness.account({ credits: 10_000_000 });
  // The body is built before the watch starts: making it is the client's work, not the service's.
  const bodyOf = (values: string[]) =>
    Buffer.from(
      JSON.stringify({
        source: 'source_01',
        country: 'de',
        key: 'gtin',
        values,
        callback_url: 'http://127.0.0.1:9/hook',
      }),
    );
  const submit = (payload: Buffer) =>
    harness.app.inject({
      method: 'POST',
      url: '/stream',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
  await submit(bodyOf(badGtins(50)));
  log(`load before: ${machineLoad()}`);
  for (const [name, values] of [
    [`${VALUE_COUNT} malformed GTINs`, () => badGtins(VALUE_COUNT)],
    [`${VALUE_COUNT} 1000-char values`, () => longValues(VALUE_COUNT)],
  ] as const) {
    if (args.heap) log(heapLine(`${name}, before`));
    let payload: Buffer | undefined = bodyOf(values());
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    const stalls: Stall[] = [];
    let last = nowUs();
    const watch = setInterval(() => {
      const now = nowUs();
      if (now - last > GAP_MS * 1000) stalls.push({ startUs: last, endUs: now });
      last = now;
    }, 5);
    const started = performance.now();
    const answer = (await submit(payload)).json() as { error: boolean; message?: string };
    const submitMs = Math.round(performance.now() - started);
    payload = undefined;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    clearInterval(watch);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    await session.post('Profiler.disable');
    const lengths = stalls.map((stall) => (stall.endUs - stall.startUs) / 1000);
    const longest = stalls[lengths.indexOf(Math.max(0, ...lengths))];
    console.log(
      `\n${name} (${answer.error ? `refused: ${answer.message}` : 'answered'} in ${submitMs} ms): longest stall ${Math.round(Math.max(0, ...lengths))} ms; ` +
        `${lengths.filter((ms) => ms > 100).length} over 100 ms, ${lengths.filter((ms) => ms > 500).length} over 500 ms`,
    );
    // Samples are 1 ms of this process running: the busiest stall's samples say how long it held the
    // loop by its own work, which a loaded machine stretches into the wall-clock stall above.
    const busiest = Math.max(
      0,
      ...stalls.map((stall) => [...inside(profile, stall).top.values()].reduce((a, b) => a + b, 0)),
    );
    console.log(
      `  the stall with the most samples of this process: ${busiest} samples (about ${busiest} ms of its own work)`,
    );
    if (longest) {
      const { ours, top } = inside(profile, longest);
      console.log(`  in the longest, innermost function of ours:\n${topOf(ours)}`);
      console.log(`  in the longest, innermost function:\n${topOf(top)}`);
    }
    const next = [...stalls].sort((a, b) => b.endUs - b.startUs - (a.endUs - a.startUs)).slice(1, 4);
    for (const stall of next) {
      const ms = Math.round((stall.endUs - stall.startUs) / 1000);
      console.log(
        `  a stall of ${ms} ms, innermost function of ours:\n${topOf(inside(profile, stall).ours, 3)}`,
      );
    }
    if (args.heap) log(heapLine(`${name}, ${SETTLE_MS} ms after`));
  }
  console.log(`\nload average (1, 5, 15 min) after the run: ${machineLoad()}; node ${process.version}`);
} finally {
  session.disconnect();
  await harness.close();
}
