import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on `entry`: the built JavaScript as it is, or under tsx (tests,
 * `npm run dev`) the TypeScript file. tsx's `--import` hook registers itself on the main thread
 * only (Node 20), so a thread of a TypeScript entry registers tsx's API before loading it.
 */
export function startModuleThread(entry: URL, options: WorkerOptions = {}): Worker {
  if (extname(fileURLToPath(entry)) !== '.ts') return new Worker(entry, options);
  const loader = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/** The entry `name` beside `moduleUrl`, with the module's own extension (`.ts` in src, `.js` built). */
export function siblingEntry(name: string, moduleUrl: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(moduleUrl))}`, moduleUrl);
}
