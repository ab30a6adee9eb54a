/**
 * `CRAWL_RENDER`: which pages are fetched through headless Chromium (issue 20), as one JSON object
 * so the rendered fetch's settings stay together: `{"sources": ["source_07"], "hosts":
 * ["shop.example", "*.example.org"], "concurrency": 2, "timeoutMs": 20000, "chromiumPath":
 * "/usr/bin/chromium"}`. Off (no sources, no hosts) by default. A Chromium that is not there fails
 * the start here, naming the path, rather than every rendered page later.
 */
import { accessSync, constants, statSync } from 'node:fs';

export interface RenderSettings {
  /** Source ids whose every page is rendered. */
  sources: readonly string[];
  /** Hosts (`*.` for any subdomain) whose pages are rendered, whatever the source (`web`). */
  hosts: readonly string[];
  /** Pages rendered at once by this process. */
  concurrency: number;
  /** Time limit of one page, navigation and scripts included. */
  timeoutMs: number;
  chromiumPath: string;
}

export const DEFAULT_RENDER: RenderSettings = Object.freeze({
  sources: [],
  hosts: [],
  concurrency: 2,
  timeoutMs: 20_000,
  chromiumPath: '/usr/bin/chromium',
});

const KEYS = new Set(['sources', 'hosts', 'concurrency', 'timeoutMs', 'chromiumPath']);

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && /^[\w.*-]+$/.test(item));

/** The settings of `raw` (a parsed JSON object), or the problems with it. */
export function readRenderSettings(raw: Record<string, unknown>): {
  settings: RenderSettings;
  problems: string[];
} {
  const problems = Object.keys(raw)
    .filter((key) => !KEYS.has(key))
    .map((key) => `unknown field ${key} (allowed: ${[...KEYS].join(', ')})`);
  const settings = { ...DEFAULT_RENDER, ...raw } as RenderSettings;
  if (!isNames(settings.sources)) problems.push('sources must be a list of source ids');
  if (!isNames(settings.hosts)) problems.push('hosts must be a list of host names');
  if (!Number.isInteger(settings.concurrency) || settings.concurrency < 1 || settings.concurrency > 16) {
    problems.push('concurrency must be an integer from 1 to 16');
  }
  if (!Number.isInteger(settings.timeoutMs) || settings.timeoutMs < 1000 || settings.timeoutMs > 300_000) {
    problems.push('timeoutMs must be an integer from 1000 to 300000');
  }
  if (typeof settings.chromiumPath !== 'string') problems.push('chromiumPath must be a path');
  else if (problems.length === 0 && (settings.sources.length > 0 || settings.hosts.length > 0)) {
    const missing = chromiumProblem(settings.chromiumPath);
    if (missing) problems.push(missing);
  }
  return { settings: Object.freeze(settings), problems };
}

function chromiumProblem(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    if (statSync(path).isFile()) return undefined;
  } catch {
    // answered below
  }
  return `chromiumPath ${path} is not an executable file: install Debian's chromium package (apt-get install chromium) or set chromiumPath`;
}
