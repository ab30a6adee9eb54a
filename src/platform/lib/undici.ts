import type Undici from 'undici';

let undici: Promise<typeof Undici> | undefined;

/**
 * undici, imported with the first crawl request or webhook delivery instead of at start
 * (docs/performance.md, "Start time"), and only then: every request awaits the same promise, since
 * an `import()` per request costs a module resolution each time (through tsx's loader thread under
 * `npm run dev`). Through its default export: in the bundle (scripts/build.mjs) a lazily imported
 * CommonJS package has no named exports.
 */
export function loadUndici(): Promise<typeof Undici> {
  undici ??= import('undici').then((module) => module.default);
  return undici;
}
