/**
 * The last few failing pages of each (source, country, outcome), on disk under
 * `DATA_DIR/driver-samples/`, so a person can repair a parser from the real page and add it as a
 * fixture (`npx pricecrawl drivers sample`). Bounded in count and bytes per kind; a page keeps its
 * URL (credentials and secret-looking query parameters removed), status, error and the fallback's
 * reading, never request or response headers, so no cookie or key is ever written.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageEvent, PageSample } from './driver-health.ts';

export interface SampleLimits {
  /** Pages kept per (source, country, outcome); the oldest goes first. */
  perKind: number;
  /** A page larger than this is cut to it. */
  maxPageBytes: number;
}

export const DEFAULT_SAMPLE_LIMITS: SampleLimits = { perKind: 5, maxPageBytes: 4 * 1024 * 1024 };

/** What is kept beside a page (`<name>.json` beside `<name>.html`). */
export interface SampleRecord {
  source: string;
  country: string;
  outcome: string;
  kept_at: string;
  url: string;
  status: number;
  error: string;
  fallback: Record<string, unknown> | null;
  truncated: boolean;
}

const SECRET_PARAM = /token|key|sig|secret|session|auth|pass|sid|credential/i;

/** The URL without userinfo and without query parameters whose names look like credentials. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.replace(/\?.*$/, '');
  }
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) url.searchParams.set(name, 'REDACTED');
  }
  return url.toString();
}

/** Where a machine's crawling processes keep failing pages: `DATA_DIR/driver-samples`. */
export function samplesDirOf(dataDir: string): string {
  return join(dataDir, 'driver-samples');
}

const safe = (part: string): string => part.replace(/[^a-z0-9_-]/gi, '_');

/** The folder of one (source, country, outcome). */
export function sampleFolder(root: string, source: string, country: string, outcome: string): string {
  return join(root, safe(source), safe(country), safe(outcome));
}

/**
 * Pages kept by this process so far: part of a sample's file name, after its time, so that pages
 * kept within one millisecond still sort in the order they were kept.
 */
let keptCount = 0;

/** Keeps `event`'s page and drops the oldest beyond the limit. */
export async function keepSample(
  root: string,
  event: PageEvent & { sample: PageSample },
  limits: SampleLimits = DEFAULT_SAMPLE_LIMITS,
): Promise<void> {
  const folder = sampleFolder(root, event.source, event.country, event.outcome);
  await mkdir(folder, { recursive: true });
  const keptAt = new Date();
  keptCount += 1;
  const sequence = String(keptCount).padStart(12, '0');
  const name = `${keptAt.toISOString().replace(/[:.]/g, '-')}-${sequence}-${process.pid}-${Math.floor(Math.random() * 1e6)}`;
  const body = Buffer.from(event.sample.body, 'utf8');
  const record: SampleRecord = {
    source: event.source,
    country: event.country,
    outcome: event.outcome,
    kept_at: keptAt.toISOString(),
    url: redactUrl(event.sample.url),
    status: event.sample.status,
    error: event.sample.error,
    fallback: event.sample.fallback ?? null,
    truncated: body.length > limits.maxPageBytes,
  };
  await writeFile(join(folder, `${name}.html`), body.subarray(0, limits.maxPageBytes));
  await writeFile(join(folder, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  const names = (await readdir(folder)).filter((file) => file.endsWith('.json')).sort();
  for (const old of names.slice(0, Math.max(0, names.length - limits.perKind))) {
    const stem = old.slice(0, -'.json'.length);
    await rm(join(folder, `${stem}.json`), { force: true });
    await rm(join(folder, `${stem}.html`), { force: true });
  }
}

/** The kept pages of a source (one country or all), newest first, with their files. */
export async function listSamples(
  root: string,
  source: string,
  country?: string,
): Promise<Array<SampleRecord & { file: string }>> {
  const countries = country ? [country] : await readdir(join(root, safe(source))).catch(() => []);
  const found: Array<SampleRecord & { file: string }> = [];
  for (const cc of countries) {
    const base = join(root, safe(source), safe(cc));
    for (const outcome of await readdir(base).catch(() => [] as string[])) {
      const folder = join(base, outcome);
      for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json'))) {
        const record = JSON.parse(await readFile(join(folder, file), 'utf8')) as SampleRecord;
        found.push({ ...record, file: join(folder, file.replace(/\.json$/, '.html')) });
      }
    }
  }
  return found.sort((a, b) => b.kept_at.localeCompare(a.kept_at) || b.file.localeCompare(a.file));
}
