/** Where a user command's output goes: the download format and `-o FILE` or stdout. */
import { access, constants, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from './cli.values.ts';

/** The parsed options of a command. */
export type Values = Record<string, string | boolean | undefined>;

/** The process's stdout as a command writes to it. */
export interface OutputIo {
  /** Text, or the bytes of an XLSX download. */
  stdout: (data: string | Uint8Array) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal (an XLSX workbook is not written to one). */
  stdoutIsTTY?: boolean;
}

export type Format = 'csv' | 'xlsx' | 'json';

export function format(values: Values): Format {
  const raw = values.format ?? 'csv';
  if (raw !== 'csv' && raw !== 'xlsx' && raw !== 'json') {
    throw new UsageError(`--format must be csv, xlsx or json (got ${JSON.stringify(raw)})`);
  }
  return raw;
}

/** Checks the format and where it goes before any request: a workbook is binary, not for a terminal. */
export function checkFormat(values: Values, io: OutputIo): void {
  const toStdout = typeof values.output !== 'string' || values.output === '-';
  if (format(values) === 'xlsx' && toStdout && io.stdoutIsTTY === true) {
    throw new UsageError('--format xlsx writes a binary workbook: add -o FILE.xlsx (or pipe stdout)');
  }
}

/** Writes or appends to the user's output file; a path that cannot be written is a usage error. */
export async function writeOutput(
  path: string,
  text: string | Uint8Array,
  write: (path: string, text: string | Uint8Array) => Promise<void>,
): Promise<void> {
  try {
    await write(path, text);
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** Fails before any request when `-o FILE` could not be written later (e.g. its folder is missing). */
export async function checkWritable(output: string | boolean | undefined): Promise<void> {
  if (typeof output !== 'string' || output === '-') return;
  try {
    await access(dirname(resolve(output)), constants.W_OK);
  } catch (error) {
    throw new UsageError(`cannot write ${output}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** Writes a download to `-o FILE` (saying so on stderr) or to stdout. */
export async function emit(
  text: string | Uint8Array,
  output: string | boolean | undefined,
  io: OutputIo,
): Promise<void> {
  if (typeof output !== 'string' || output === '-') return io.stdout(text);
  await writeOutput(output, text, writeFile);
  io.stderr(`wrote ${output}\n`);
}
