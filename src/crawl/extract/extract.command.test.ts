import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { runExtractCommand } from './extract.command.ts';

const dir = mkdtempSync(join(tmpdir(), 'extract-command-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = `<html><head><script type="application/ld+json">{"@type":"Product","name":"Kettle","sku":"K-1",
  "offers":{"price":"24.50","priceCurrency":"EUR"}}</script></head><body><h1>Kettle</h1></body></html>`;

/** Runs the command and collects what it writes. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runExtractCommand(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

describe('pricecrawl extract', () => {
  it('prints one JSON object with every field and exits 0', async () => {
    const file = join(dir, 'page.html');
    writeFileSync(file, PAGE);
    const { code, stdout, stderr } = await run([file, '--url', 'https://shop.example/p/kettle']);
    assert.equal(code, 0);
    assert.equal(stderr, '');
    assert.equal(stdout.trim().split('\n').length, 1);
    assert.deepEqual(JSON.parse(stdout), {
      price: '24.50',
      currency: 'EUR',
      sku: 'K-1',
      gtin: null,
      availability: 'InStock',
      name: 'Kettle',
      brand: null,
    });
  });

  it('reads gzip-compressed pages and pages in a legacy charset', async () => {
    const gz = join(dir, 'page.html.gz');
    writeFileSync(gz, gzipSync(PAGE));
    assert.equal(JSON.parse((await run([gz])).stdout).sku, 'K-1');
    const latin = join(dir, 'latin.html');
    const html =
      '<html><head><meta charset="iso-8859-1"><title>Café</title></head><body><h1>Café</h1></body></html>';
    writeFileSync(latin, Buffer.from(html, 'latin1'));
    const { code, stdout } = await run([latin]);
    assert.equal(code, 0);
    assert.equal(JSON.parse(stdout).name, 'Café');
  });

  it('exits 2 with a message on stderr when the file is missing', async () => {
    const { code, stdout, stderr } = await run([join(dir, 'nope.html')]);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /cannot read .*nope\.html \(ENOENT\)/u);
  });

  it('exits 2 with usage when arguments are wrong', async () => {
    assert.equal((await run([])).code, 2);
    assert.equal((await run(['a.html', 'b.html'])).code, 2);
    const { code, stderr } = await run(['a.html', '--bogus']);
    assert.equal(code, 2);
    assert.match(stderr, /usage: pricecrawl extract FILE\.html \[--url URL\]/u);
  });
});
