import { appendFile, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  PricecrawlClient,
  PricecrawlError,
  type FetchFunction,
  type JobSubmission,
} from '../client/index.ts';
import { createProgress, type ProgressTarget } from './cli.progress.ts';
import { commandUsage, helpPointer } from './cli.usage.ts';
import { hintFor } from './cli.hints.ts';
import {
  checkFormat,
  checkWritable,
  emit,
  format,
  writeOutput,
  type OutputIo,
  type Values,
} from './cli.output.ts';
import { parseValues, readInput, UsageError } from './cli.values.ts';
import { lookupTable, ownValue } from '../platform/lib/lookup.ts';

/** Exit codes of the user commands (docs/cli.md). */
export const EXIT = { ok: 0, apiError: 1, usage: 2 } as const;

/** The process around a user command, passed in so tests and the shell supply their own. */
export interface UserCommandIo extends OutputIo {
  stdin: Readable;
  progress: ProgressTarget;
}

/** Where the service is and the key to use (`PRICECRAWL_URL`, `PRICECRAWL_API_KEY`). */
export interface UserCommandSettings {
  url: string;
  apiKey: string | undefined;
  fetch?: FetchFunction;
}

const SUBMISSION_OPTIONS = {
  source: { type: 'string' },
  country: { type: 'string' },
  key: { type: 'string' },
  topic: { type: 'string' },
  column: { type: 'string' },
  'max-pages': { type: 'string' },
  'max-age': { type: 'string' },
  'sort-by': { type: 'string' },
  'include-meta': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      `expected ${positionals} argument${positionals === 1 ? '' : 's'}, got ${parsed.positionals.length}`,
    );
  }
  return { values: parsed.values as Values, positionals: parsed.positionals };
}

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`missing --${name}`);
  return value;
}

function wholeNumber(values: Values, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

async function submissionOf(values: Values, input: string, io: UserCommandIo): Promise<JobSubmission> {
  const column = typeof values.column === 'string' ? values.column : undefined;
  const list = parseValues(
    await readInput(input, io.stdin),
    column,
    input === '-' ? 'standard input' : input,
  );
  if (list.length === 0) throw new UsageError(`no values in ${input === '-' ? 'standard input' : input}`);
  const submission: JobSubmission = {
    source: required(values, 'source'),
    country: required(values, 'country'),
    values: list,
  };
  if (typeof values.key === 'string') submission.key = values.key;
  if (typeof values.topic === 'string') submission.topic = values.topic;
  if (typeof values['sort-by'] === 'string')
    submission.sort_by = values['sort-by'] as JobSubmission['sort_by'];
  if (values['include-meta'] === true) submission.include_meta = true;
  const maxPages = wholeNumber(values, 'max-pages');
  const maxAge = wholeNumber(values, 'max-age');
  if (maxPages !== undefined) submission.max_pages = maxPages;
  if (maxAge !== undefined) submission.max_age = maxAge;
  return submission;
}

async function download(client: PricecrawlClient, jobId: string, values: Values, io: UserCommandIo) {
  const wanted = format(values);
  const data =
    wanted === 'csv'
      ? await client.jobs.downloadCsv(jobId)
      : wanted === 'xlsx'
        ? await client.jobs.downloadXlsx(jobId)
        : `${JSON.stringify(await client.jobs.download(jobId), null, 2)}\n`;
  await emit(data, values.output, io);
}

async function waitWithProgress(client: PricecrawlClient, jobId: string, io: UserCommandIo): Promise<number> {
  const progress = createProgress(`job ${jobId}`, io.progress);
  let last;
  try {
    last = await client.jobs.wait(jobId, {
      onProgress: (update) => progress.update(update.status, update.done, update.all),
    });
  } finally {
    progress.stop();
  }
  if (last.status !== 'failed') return EXIT.ok;
  io.stderr(`error: job ${jobId} failed\n`);
  return EXIT.apiError;
}

const OUTPUT = { output: { type: 'string', short: 'o' }, format: { type: 'string' } } as const;

async function submit(client: PricecrawlClient, args: string[], io: UserCommandIo): Promise<number> {
  const { values, positionals } = parse(
    args,
    { ...SUBMISSION_OPTIONS, ...OUTPUT, wait: { type: 'boolean' }, callback: { type: 'string' } },
    1,
  );
  const submission = await submissionOf(values, positionals[0] ?? '-', io);
  if (typeof values.callback === 'string') submission.callback_url = values.callback;
  checkFormat(values, io);
  await checkWritable(values.output);
  const answer = await client.jobs.submit(submission);
  const jobId = answer.job._id;
  if (values.wait !== true) {
    const secret = answer.webhook_secret === undefined ? {} : { webhook_secret: answer.webhook_secret };
    io.stdout(
      `${JSON.stringify({ job_id: jobId, status: answer.job.status, values: answer.job.values.length, ...secret })}\n`,
    );
    io.stderr(`hint: \`npx pricecrawl download ${jobId} --wait -o results.csv\` waits for the results\n`);
    return EXIT.ok;
  }
  const code = await waitWithProgress(client, jobId, io);
  if (code !== EXIT.ok) return code;
  await download(client, jobId, values, io);
  return EXIT.ok;
}

async function status(client: PricecrawlClient, args: string[], io: UserCommandIo): Promise<number> {
  const { values, positionals } = parse(args, { stream: { type: 'boolean' }, wait: { type: 'boolean' } }, 1);
  const jobId = positionals[0] ?? '';
  if (values.stream === true) {
    if (values.wait === true) throw new UsageError('--wait is for batch jobs; a stream: --follow on submit');
    io.stdout(`${JSON.stringify(await client.streams.get(jobId), null, 2)}\n`);
    return EXIT.ok;
  }
  if (values.wait === true) {
    const code = await waitWithProgress(client, jobId, io);
    io.stdout(`${JSON.stringify(await client.jobs.get(jobId), null, 2)}\n`);
    return code;
  }
  const answer = await client.jobs.get(jobId);
  io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
  if (answer.status !== 'finished' && answer.status !== 'failed') {
    io.stderr(
      `hint: the job is ${answer.status}: \`npx pricecrawl status ${jobId} --wait\` follows it to the end, \`npx pricecrawl download ${jobId} --wait\` then writes its results\n`,
    );
  }
  return EXIT.ok;
}

async function downloadCommand(client: PricecrawlClient, args: string[], io: UserCommandIo): Promise<number> {
  const { values, positionals } = parse(args, { ...OUTPUT, wait: { type: 'boolean' } }, 1);
  const jobId = positionals[0] ?? '';
  checkFormat(values, io);
  await checkWritable(values.output);
  if (values.wait === true) {
    const code = await waitWithProgress(client, jobId, io);
    if (code !== EXIT.ok) return code;
  }
  await download(client, jobId, values, io);
  return EXIT.ok;
}

async function stream(client: PricecrawlClient, args: string[], io: UserCommandIo): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      ...SUBMISSION_OPTIONS,
      callback: { type: 'string' },
      'batch-size': { type: 'string' },
      'client-ref': { type: 'string' },
      follow: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
    },
    1,
  );
  const submission = await submissionOf(values, positionals[0] ?? '-', io);
  const batchSize = wholeNumber(values, 'batch-size');
  await checkWritable(values.output);
  const answer = await client.streams.submit({
    ...submission,
    callback_url: required(values, 'callback'),
    ...(batchSize === undefined ? {} : { delivery_batch_size: batchSize }),
    ...(typeof values['client-ref'] === 'string' ? { client_ref: values['client-ref'] } : {}),
  });
  const summary = `${JSON.stringify({ job_id: answer.job_id, webhook_secret: answer.webhook_secret, client_ref: answer.client_ref })}\n`;
  if (values.follow !== true) {
    io.stdout(summary);
    return EXIT.ok;
  }
  // The secret is shown once by the service: keep it visible even when the results go to stdout.
  io.stderr(summary);
  const progress = createProgress(`stream ${answer.job_id}`, io.progress);
  const toFile = typeof values.output === 'string' && values.output !== '-' ? values.output : undefined;
  if (toFile !== undefined) await writeOutput(toFile, '', writeFile);
  try {
    for await (const page of client.streams.pages(answer.job_id)) {
      const lines = page.results.map((result) => `${JSON.stringify(result)}\n`).join('');
      if (toFile === undefined) io.stdout(lines);
      else await writeOutput(toFile, lines, appendFile);
      progress.update(page.is_final ? 'finished' : 'working', page.offset + page.count, page.values_total);
    }
  } finally {
    progress.stop();
  }
  if (toFile !== undefined) io.stderr(`wrote ${toFile}\n`);
  return EXIT.ok;
}

const COMMANDS = lookupTable({ submit, status, download: downloadCommand, stream } as const);

/** Runs `submit|status|download|stream`; answers the exit code (0 ok, 1 API error, 2 usage error). */
export async function runUserCommand(
  argv: string[],
  io: UserCommandIo,
  settings: UserCommandSettings,
): Promise<number> {
  const [name = '', ...args] = argv;
  const command = ownValue(COMMANDS, name);
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(`${commandUsage(command ? name : undefined)}\n`);
    return EXIT.ok;
  }
  try {
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    if (settings.apiKey === undefined) {
      throw new UsageError('PRICECRAWL_API_KEY is not set (the data API key, svc_live_…)');
    }
    const client = new PricecrawlClient({
      baseUrl: settings.url,
      apiKey: settings.apiKey,
      fetch: settings.fetch,
    });
    return await command(client, args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n${helpPointer(command ? name : undefined)}\n`);
      return EXIT.usage;
    }
    if (error instanceof PricecrawlError) {
      const status = error.status === 0 ? '' : ` (HTTP ${error.status})`;
      const hint = hintFor(error, name, args);
      io.stderr(`error: ${error.message}${status}\n${hint === undefined ? '' : `hint: ${hint}\n`}`);
      return EXIT.apiError;
    }
    throw error;
  }
}
