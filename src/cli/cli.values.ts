import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';

/** A problem with the command line or its input: the CLI exits 2. */
export class UsageError extends Error {}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads FILE, or standard input for `-`. */
export async function readInput(path: string, stdin: Readable): Promise<string> {
  if (path === '-') return readAll(stdin);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new UsageError(`cannot read ${path}: ${reason}`);
  }
}

/**
 * The values of an input: one a line (blank lines skipped), or with `column` the named column of
 * a CSV file with a header row.
 */
export function parseValues(text: string, column: string | undefined, source: string): string[] {
  if (column === undefined) {
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new UsageError(
      `${source} is not valid CSV: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const first = rows[0];
  if (first === undefined) return [];
  if (!Object.hasOwn(first, column)) {
    throw new UsageError(
      `column ${JSON.stringify(column)} not in ${source} (columns: ${Object.keys(first).join(', ')})`,
    );
  }
  return rows
    .map((row) => (Object.hasOwn(row, column) ? row[column] : '') ?? '')
    .filter((value) => value !== '');
}
