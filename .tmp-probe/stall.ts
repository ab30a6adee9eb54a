import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { startHarness } from '../test/support/harness.ts';

const kind = process.argv[2] ?? 'long';
const h = await startHarness({ worker: true, env: { STREAM_BODY_LIMIT_BYTES: String(200 * 1024 * 1024) } });
const { headers } = await h.account({ credits: 10_000_000 });
const values = kind === 'long'
  ? Array.from({ length: 100000 }, (_, n) => `${String(n).padStart(8, '0')}${'x'.repeat(992)}`)
  : Array.from({ length: 100000 }, (_, n) => `40000${String(n).padStart(8, '0')}`.slice(0, 13));
const body = JSON.stringify({ source: 'source_01', country: 'de', key: 'gtin', values: values.slice(0, 50), callback_url: 'http://127.0.0.1:9/hook' });
await h.app.inject({ method: 'POST', url: '/stream', headers: { ...headers, 'content-type': 'application/json' }, payload: body });
const big = Buffer.from(JSON.stringify({ source: 'source_01', country: 'de', key: 'gtin', values, callback_url: 'http://127.0.0.1:9/hook' }));
values.length = 0;
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 1000 });
await session.post('Profiler.start');
const t0 = performance.now();
const stalls: Array<[number, number]> = [];
let last = performance.now();
const timer = setInterval(() => { const now = performance.now(); if (now - last > 40) stalls.push([last - t0, now - t0]); last = now; }, 5);
const res = await h.app.inject({ method: 'POST', url: '/stream', headers: { ...headers, 'content-type': 'application/json' }, payload: big });
console.log('answer', res.statusCode, res.body.slice(0, 100), 'ms', Math.round(performance.now() - t0));
await new Promise((r) => setTimeout(r, 3000));
clearInterval(timer);
const { profile } = await session.post('Profiler.stop');
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
let t = profile.startTime; const startUs = profile.startTime;
const offset = (performance.timeOrigin + t0) * 1000; // profile times are in us, monotonic clock; approximate via first sample
const samples: Array<[number, any]> = [];
for (let i = 0; i < profile.samples.length; i++) { t += profile.timeDeltas[i]; samples.push([(t - startUs) / 1000, byId.get(profile.samples[i])]); }
stalls.sort((a, b) => (b[1] - b[0]) - (a[1] - a[0]));
for (const [a, b] of stalls.slice(0, 8)) {
  const counts = new Map<string, number>();
  for (const [ms, node] of samples) if (ms >= a && ms <= b) {
    // walk up to find first frame in src/ for attribution
    let n = node; let label = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`;
    const chain: string[] = [];
    while (n) { if (n.callFrame.url.includes('/src/') && !n.callFrame.url.includes('node_modules')) { chain.push(`${n.callFrame.functionName}@${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber}`); if (chain.length >= 2) break; } n = [...byId.values()].find((p: any) => p.children?.includes(n.id)); }
    const key = `${label} <= ${chain.join(' <= ')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`stall ${Math.round(a)}-${Math.round(b)} ms (${Math.round(b - a)} ms)`);
  for (const [k, c] of [...counts].sort((x, y) => y[1] - x[1]).slice(0, 6)) console.log(`   ${c} ${k}`);
}
await h.close(); process.exit(0);
