import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI without blocking this process, which serves the API it calls: through `npx
 * pricecrawl` as users do, or (quicker, for the many error cases) its bin script directly.
 */
function run(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
  via: 'npx' | 'bin' = 'npx',
): Promise<Run> {
  const [command, prefix] =
    via === 'npx' ? ['npx', ['pricecrawl']] : [process.execPath, ['bin/pricecrawl.js']];
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...prefix, ...args], {
      env: { ...process.env, PRICECRAWL_URL: '', PRICECRAWL_API_KEY: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr: stderr
          .split('\n')
          .filter((line) => !line.startsWith('npm warn'))
          .join('\n'),
      }),
    );
    child.stdin.end(stdin ?? '');
  });
}

describe('user CLI (npx pricecrawl submit|status|download|stream)', () => {
  let harness: Harness;
  let receiver: Receiver;
  let env: Record<string, string>;
  let ids: string[];
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-cli-'));

  before(async () => {
    harness = await startHarness({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    receiver = await startReceiver();
    const { key } = await harness.account();
    const port = (harness.app.server.address() as AddressInfo).port;
    env = { PRICECRAWL_URL: `http://127.0.0.1:${port}`, PRICECRAWL_API_KEY: key };
    ids = (await fetchTruth(harness, 'source_01', 'de')).products
      .slice(0, 4)
      .map((product) => String(product.id));
  });
  after(async () => {
    await harness.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('submits a file of values, waits with plain progress lines, and writes the CSV', async () => {
    const input = join(dir, 'ids.txt');
    writeFileSync(input, `${ids.join('\n')}\n\n`);
    const output = join(dir, 'prices.csv');
    const result = await run(
      ['submit', '--source', 'source_01', '--country', 'de', '--key', 'id', '--wait', '-o', output, input],
      env,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '');
    const progressLines = result.stderr.split('\n').filter((line) => line.startsWith('job '));
    assert.match(progressLines.at(-1) ?? '', /^job [0-9a-f]{24}: finished 4\/4$/);
    assert.match(result.stderr, new RegExp(`wrote ${output}`));
    const rows = parse(readFileSync(output, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual([...new Set(rows.map((row) => row.key))], ids);
  });

  it('reads a CSV column from standard input, then status and download work on the job id', async () => {
    const csv = `name,product id\n${ids.map((id, i) => `item ${i},${id}`).join('\n')}\n`;
    const submitted = await run(
      ['submit', '--source', 'source_01', '--country', 'de', '--key', 'id', '--column', 'product id', '-'],
      env,
      csv,
    );
    assert.equal(submitted.code, 0, submitted.stderr);
    const answer = JSON.parse(submitted.stdout);
    assert.match(answer.job_id, /^[0-9a-f]{24}$/);
    assert.equal(answer.values, ids.length);

    const downloaded = await run(['download', answer.job_id, '--wait', '--format', 'json'], env);
    assert.equal(downloaded.code, 0, downloaded.stderr);
    const body = JSON.parse(downloaded.stdout);
    assert.deepEqual(
      body.results.map((result: { key: string }) => result.key),
      ids,
    );
    const status = await run(['status', answer.job_id], env, undefined, 'bin');
    assert.equal(status.code, 0, status.stderr);
    assert.deepEqual(JSON.parse(status.stdout), { _id: answer.job_id, status: 'finished', done: 4, all: 4 });
    const csvOut = await run(['download', answer.job_id], env, undefined, 'bin');
    assert.match(csvOut.stdout, /^row_kind,position,key,success,reason,/);
  });

  it('submits a stream with a callback and follows its results to the end', async () => {
    const result = await run(
      [
        'stream',
        '--source',
        'source_01',
        '--country',
        'de',
        '--key',
        'id',
        '--callback',
        receiver.url,
        '--batch-size',
        '2',
        '--follow',
        '-',
      ],
      env,
      ids.join('\n'),
    );
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stderr.split('\n').find((line) => line.startsWith('{')) ?? '');
    assert.match(summary.webhook_secret, /^[0-9a-f]{64}$/);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(lines.map((line) => line.index).sort(), [0, 1, 2, 3]);
    const status = await run(['status', '--stream', summary.job_id], env, undefined, 'bin');
    assert.equal(JSON.parse(status.stdout).is_final, true);
  });

  it('exits 1 with the service message on an API error and 2 on a usage error', async () => {
    const cases: Array<[string[], Record<string, string>, number, RegExp]> = [
      [['status', '0123456789abcdef01234567'], env, 1, /^error: job not found \(HTTP 404\)$/m],
      [['status', 'x'], { ...env, PRICECRAWL_API_KEY: 'svc_live_wrong' }, 1, /\(HTTP 401\)/],
      [
        ['submit', '--source', 'source_01', '--country', 'jp', '--key', 'id', '-'],
        env,
        1,
        /^error: .*country.*\(HTTP 200\)$/m,
      ],
      [['status', 'x'], { ...env, PRICECRAWL_URL: 'http://127.0.0.1:9' }, 1, /cannot reach/],
      [['status', 'x'], { ...env, PRICECRAWL_API_KEY: '' }, 2, /PRICECRAWL_API_KEY is not set/],
      [
        ['status', 'x'],
        { ...env, PRICECRAWL_URL: 'ftp://x' },
        2,
        /PRICECRAWL_URL="ftp:\/\/x" must be an http/,
      ],
      [['submit', '--country', 'de', '-'], env, 2, /missing --source/],
      [
        ['submit', '--source', 'source_01', '--country', 'de', join(dir, 'missing.txt')],
        env,
        2,
        /no such file/,
      ],
      [['download', 'x', '--format', 'xml'], env, 2, /--format must be csv, xlsx or json \(got "xml"\)/],
      [
        [
          'submit',
          '--source',
          'source_01',
          '--country',
          'de',
          '--key',
          'id',
          '--wait',
          '-o',
          join(dir, 'no/such/dir.csv'),
          '-',
        ],
        env,
        2,
        /cannot write .*no\/such\/dir\.csv: ENOENT/,
      ],
      [['status', 'x', '--colour'], env, 2, /Unknown option '--colour'/],
    ];
    const countJobs = async () =>
      (await harness.runtime.deps.db.selectFrom('jobs').select('id').execute()).length;
    const jobsBefore = await countJobs();
    const help = await run(['submit', '--help'], {}, undefined, 'bin');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^usage: pricecrawl submit --source S --country C/);
    assert.doesNotMatch(help.stdout, /accounts create/, 'the help of submit is about submit');
    for (const [args, caseEnv, code, message] of cases) {
      const result = await run(args, caseEnv, '1\n', 'bin');
      assert.equal(result.code, code, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
      if (code === 2) {
        const [first, pointer, ...more] = result.stderr.trimEnd().split('\n');
        assert.match(first ?? '', /^error: /, args.join(' '));
        assert.equal(pointer, `run \`npx pricecrawl ${args[0]} --help\` for its options`, args.join(' '));
        assert.deepEqual(more, [], 'a usage error is one line and a pointer, not the usage text');
      }
    }
    assert.equal(await countJobs(), jobsBefore, 'no failed command created a job');
  });

  it('reads a semicolon CSV with a BOM as German Excel saves it, and downloads the XLSX workbook', async () => {
    const input = join(dir, 'artikel.csv');
    const rows = ids.map((id, i) => `"Bohrer ${i}, 18V";${id};19,99`).join('\r\n');
    writeFileSync(input, `\ufeffArtikel;Produkt-ID;Preis\r\n${rows}\r\n`);
    const submitted = await run(
      ['submit', '--source', 'source_01', '--country', 'de', '--key', 'id', '--column', 'Produkt-ID', input],
      env,
    );
    assert.equal(submitted.code, 0, submitted.stderr);
    const { job_id: jobId, values } = JSON.parse(submitted.stdout);
    assert.equal(values, ids.length);
    assert.match(submitted.stderr, new RegExp(`hint: \`npx pricecrawl download ${jobId} --wait`));

    const output = join(dir, 'prices.xlsx');
    const downloaded = await run(['download', jobId, '--wait', '--format', 'xlsx', '-o', output], env);
    assert.equal(downloaded.code, 0, downloaded.stderr);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(output) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('results');
    assert.ok(sheet, 'the workbook has the sheet results');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const keyColumn = header.indexOf('key') + 1;
    assert.ok(keyColumn > 0, 'a key column');
    const keys = new Set<string>();
    sheet.eachRow((row, number) => {
      if (number > 1) keys.add(String(row.getCell(keyColumn).value));
    });
    assert.deepEqual([...keys], ids, 'the values of the semicolon column, in order');
    const csv = await run(['download', jobId], env, undefined, 'bin');
    assert.deepEqual(
      header,
      csv.stdout.split(/\r?\n/)[0]?.split(','),
      "the workbook has the CSV download's columns",
    );
  });

  it('hints at --wait for a job that is still working, in status and in download', async () => {
    // A service whose worker has not started yet: the job stays queued until the test starts it.
    const idle = await startHarness({ worker: false });
    try {
      await idle.app.listen({ port: 0, host: '127.0.0.1' });
      const { key } = await idle.account();
      const idleEnv = {
        PRICECRAWL_URL: `http://127.0.0.1:${(idle.app.server.address() as AddressInfo).port}`,
        PRICECRAWL_API_KEY: key,
      };
      const submitted = await run(
        ['submit', '--source', 'source_01', '--country', 'de', '--key', 'id', '-'],
        idleEnv,
        ids.join('\n'),
        'bin',
      );
      assert.equal(submitted.code, 0, submitted.stderr);
      const jobId = JSON.parse(submitted.stdout).job_id as string;
      const status = await run(['status', jobId], idleEnv, undefined, 'bin');
      assert.equal(status.code, 0, status.stderr);
      const progress = JSON.parse(status.stdout);
      assert.notEqual(progress.status, 'finished');
      assert.equal(
        status.stderr,
        `hint: the job is ${progress.status}: \`npx pricecrawl status ${jobId} --wait\` follows it to the end, \`npx pricecrawl download ${jobId} --wait\` then writes its results\n`,
      );
      const early = await run(['download', jobId, '--format', 'json'], idleEnv, undefined, 'bin');
      assert.equal(early.code, 1);
      assert.equal(
        early.stderr,
        `error: job not finished (HTTP 200)\nhint: add --wait: \`npx pricecrawl download ${jobId} --format json --wait\` waits for the job first\n`,
      );
      idle.runtime.startWorker();
      const waited = await run(['status', jobId, '--wait'], idleEnv, undefined, 'bin');
      assert.equal(waited.code, 0, waited.stderr);
      assert.equal(JSON.parse(waited.stdout).status, 'finished');
      const after = await run(['status', jobId], idleEnv, undefined, 'bin');
      assert.equal(after.stderr, '', 'no hint once the job is finished');
    } finally {
      await idle.close();
    }
  });

  it('names the allowed values of a refused country (decisions G37 details)', async () => {
    const refused = await run(
      ['submit', '--source', 'source_01', '--country', 'jp', '--key', 'id', '-'],
      env,
      '1\n',
      'bin',
    );
    assert.equal(refused.code, 1);
    const lines = refused.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 2, refused.stderr);
    assert.match(lines[1] ?? '', /^hint: country may be one of: (?:[a-z]{2}, )*de(?:, [a-z]{2})*$/);
  });
});
