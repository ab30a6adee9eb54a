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

/** The delimiters an input CSV may use: Excel writes `;` where the decimal separator is a comma. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV: the candidate found most often outside quotes in its header line (`,`
 * when none is). The header row alone decides, because it is the row a user chose the names of;
 * cells further down may hold commas (prices, names) in a semicolon file.
 */
export function sniffDelimiter(text: string): (typeof CSV_DELIMITERS)[number] {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text.replace(/^\ufeff/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (CSV_DELIMITERS as readonly string[]).includes(char)) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
  }
  let best: (typeof CSV_DELIMITERS)[number] = ',';
  for (const candidate of CSV_DELIMITERS) {
    if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate;
  }
  return best;
}

function delimiterName(delimiter: string): string {
  return delimiter === '\t' ? 'tab' : `"${delimiter}"`;
}

/**
 * The values of an input: one a line (blank lines and a UTF-8 BOM skipped), or with `column` the
 * named column of a CSV file with a header row, separated by `,`, `;` or tab (sniffed).
 */
export function parseValues(text: string, column: string | undefined, source: string): string[] {
  if (column === undefined) {
    return text
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }
  const delimiter = sniffDelimiter(text);
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(text, { columns: true, bom: true, delimiter, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new UsageError(
      `${source} is not valid CSV (${delimiterName(delimiter)}-separated): ${error instanceof Error ? error.message : String(error)}`,
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
