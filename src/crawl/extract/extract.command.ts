import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { decodeHtml } from './decode.ts';
import { extractProduct } from './extract.ts';

/** Where the command writes; the CLI passes process streams, tests pass collectors. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = 'usage: pricecrawl extract FILE.html [--url URL]';

/**
 * `pricecrawl extract FILE.html [--url URL]`: prints one JSON object
 * `{price, currency, sku, gtin, availability, name, brand}` (strings or null) for a saved product
 * page and returns 0. A missing or unreadable file, or bad arguments, print an error to stderr and
 * return 2. The file may be gzip-compressed.
 */
export async function runExtractCommand(args: string[], io: CommandIo): Promise<number> {
  let file: string;
  let url: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { url: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1 || positionals[0] === undefined)
      throw new Error('expected exactly one FILE');
    file = positionals[0];
    url = values.url;
  } catch (error) {
    io.stderr(`pricecrawl extract: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    io.stderr(`pricecrawl extract: cannot read ${file} (${reason})\n`);
    return 2;
  }
  const product = extractProduct(decodeHtml(bytes), url === undefined ? {} : { url });
  io.stdout(`${JSON.stringify(product)}\n`);
  return 0;
}
