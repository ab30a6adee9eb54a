import type Undici from 'undici';

/**
 * undici, imported with the first crawl request or webhook delivery instead of at start
 * (docs/performance.md, "Start time"). Through its default export: in the bundle
 * (scripts/build.mjs) a lazily imported CommonJS package has no named exports.
 */
export async function loadUndici(): Promise<typeof Undici> {
  return (await import('undici')).default;
}
