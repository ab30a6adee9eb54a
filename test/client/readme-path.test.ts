import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../support/harness.ts';

const README = readFileSync('README.md', 'utf8');
const section = README.slice(README.indexOf('### From `npm start` to a CSV of prices'));
const fenced = (language: string) =>
  section.match(new RegExp('```' + language + '\\n([\\s\\S]*?)```'))?.[1] ?? '';

function sh(
  command: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function assertPricesCsv(path: string): void {
  const rows = parse(readFileSync(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
  assert.ok(rows.length > 0);
  assert.ok(rows.every((row) => row.key === 'Akku-Bohrschrauber 18V' && row.success === 'true'));
  const offers = rows.filter((row) => row.row_kind === 'offer');
  assert.ok(
    offers.length > 0 && offers.every((row) => Number(row.line_price) > 0),
    'one priced row per offer',
  );
}

describe("the README's path from npm start to a CSV of prices", () => {
  let harness: Harness;
  let env: Record<string, string>;
  // Inside the checkout, so `pricecrawl/client` resolves through the package's own exports.
  mkdirSync('.tmp', { recursive: true });
  const dir = mkdtempSync(join('.tmp', 'readme-'));

  before(async () => {
    harness = await startHarness();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { key } = await harness.account();
    env = {
      PRICECRAWL_URL: `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`,
      PRICECRAWL_API_KEY: key,
    };
  });
  after(async () => {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes at most five commands with the CLI, and its submit command writes the CSV', async () => {
    const commands = fenced('sh')
      .split('\n')
      .filter((line) => line.trim() !== '');
    assert.ok(commands.length <= 5, commands.join('\n'));
    assert.match(commands[0] ?? '', /npm start/);
    const submit = commands.find((line) => line.includes('npx pricecrawl submit')) ?? '';
    const result = await sh(submit, dir, env);
    assert.equal(result.code, 0, result.stderr);
    assertPricesCsv(join(dir, 'prices.csv'));
  });

  it('takes at most ten lines of TypeScript with the client, and they write the CSV', async () => {
    const program = fenced('ts');
    assert.ok(program.trim().split('\n').length <= 10, program);
    writeFileSync(join(dir, 'prices.ts'), program);
    rmSync(join(dir, 'prices.csv'), { force: true });
    const result = await sh(`${process.execPath} --import tsx prices.ts`, dir, env);
    assert.equal(result.code, 0, result.stderr);
    assertPricesCsv(join(dir, 'prices.csv'));
  });

  it('runs the same ten lines in a folder of its own, set up as the README says', async () => {
    const setup = [...section.matchAll(/```sh\n([\s\S]*?)```/g)][1]?.[1] ?? '';
    const lines = setup
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line !== '');
    assert.deepEqual(lines, [
      'mkdir my-prices && cd my-prices',
      'npm init -y && npm pkg set type=module',
      'npm install /path/to/pricecrawl',
      'npm install --save-dev tsx',
      'npx tsx prices.ts',
    ]);
    const outside = mkdtempSync(join(tmpdir(), 'pricecrawl-client-'));
    try {
      const folder = join(outside, 'my-prices');
      mkdirSync(folder);
      const checkout = resolve('.');
      // Verbatim, but offline: installing the checkout needs no registry.
      const offline = {
        ...env,
        npm_config_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
      };
      for (const line of [lines[1] ?? '', (lines[2] ?? '').replace('/path/to/pricecrawl', checkout)]) {
        const result = await sh(line, folder, offline);
        assert.equal(result.code, 0, `${line}: ${result.stderr}`);
      }
      // Tests reach loopback only, so `npm install --save-dev tsx` is what it would leave behind:
      // the checkout's own tsx (the version npm resolves today) linked as the folder's binary.
      mkdirSync(join(folder, 'node_modules', '.bin'), { recursive: true });
      symlinkSync(join(checkout, 'node_modules', 'tsx'), join(folder, 'node_modules', 'tsx'));
      symlinkSync('../tsx/dist/cli.mjs', join(folder, 'node_modules', '.bin', 'tsx'));
      writeFileSync(join(folder, 'prices.ts'), fenced('ts'));
      const result = await sh(lines[4] ?? '', folder, env);
      assert.equal(result.code, 0, result.stderr);
      assertPricesCsv(join(folder, 'prices.csv'));
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
