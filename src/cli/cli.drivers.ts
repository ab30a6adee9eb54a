/**
 * `npx pricecrawl drivers`: the last hour of driver health per source and country (pages read, fell
 * back, blocked, failed, top reasons), and `drivers sample <source> [--country cc] [--out DIR]`,
 * which writes the kept failing pages out so a person can repair a parser from the real page and add
 * it as a fixture (docs/drivers.md, "When a site blocks or changes").
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { driverHealthReport } from '../crawl/driver-health/driver-health.report.ts';
import { listSamples, samplesDirOf } from '../crawl/driver-health/driver-health.samples.ts';
import type { Db } from '../platform/db/database.ts';
import { invalid } from '../platform/errors/app-error.ts';

export interface DriversCommandDeps {
  db: Db;
  /** `DATA_DIR`: its `driver-samples/` holds the failing pages this machine's crawling processes kept. */
  dataDir: string;
}

/** Runs `drivers …` (argv after `drivers`); answers the JSON to print. */
export async function runDriversCommand(deps: DriversCommandDeps, argv: string[]): Promise<unknown> {
  if (argv[0] === 'sample') return writeSamples(deps, argv.slice(1));
  const { values } = parseOrExplain(argv, { window: { type: 'string' } });
  const windowMinutes = values.window === undefined ? 60 : Number(values.window);
  if (!Number.isInteger(windowMinutes) || windowMinutes < 1 || windowMinutes > 1440) {
    throw invalid('--window must be a whole number of minutes from 1 to 1440');
  }
  return { window_minutes: windowMinutes, drivers: await driverHealthReport(deps.db, { windowMinutes }) };
}

async function writeSamples(deps: DriversCommandDeps, argv: string[]): Promise<unknown> {
  const { values, positionals } = parseOrExplain(argv, {
    country: { type: 'string' },
    out: { type: 'string' },
  });
  const source = positionals[0];
  if (source === undefined || positionals.length > 1) {
    throw invalid('usage: drivers sample <source> [--country cc] [--out DIR]');
  }
  const country = typeof values.country === 'string' ? values.country.toLowerCase() : undefined;
  const samples = await listSamples(samplesDirOf(deps.dataDir), source, country);
  const out = resolve(typeof values.out === 'string' ? values.out : `driver-samples-${source}`);
  await mkdir(out, { recursive: true });
  const written = [];
  for (const sample of samples) {
    const stem = `${sample.country}-${sample.outcome}-${basename(sample.file, '.html')}`;
    const { file, ...record } = sample;
    await copyFile(file, join(out, `${stem}.html`));
    await writeFile(join(out, `${stem}.json`), `${JSON.stringify(record, null, 2)}\n`);
    written.push({ file: join(out, `${stem}.html`), ...record });
  }
  return { source, country: country ?? null, out, pages: written };
}

function parseOrExplain(args: string[], options: Record<string, { type: 'string' }>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error));
  }
}
