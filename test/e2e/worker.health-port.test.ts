import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, startServiceProcess } from '../support/processes.ts';

// Both ways a worker starts: `npm run worker` and `npx pricecrawl worker` (the CLI the bin runs).
const STARTS: Array<[string, string[]]> = [
  ['npm run worker', ['--import', 'tsx', 'src/main/worker.ts']],
  ['npx pricecrawl worker', ['--import', 'tsx', 'src/main/cli.ts', 'worker']],
];

describe('a worker whose HEALTH_PORT is taken (issue 22, point 4)', () => {
  let dataDir = '';
  let holder: Server | undefined;
  let port = 0;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-health-port-'));
    port = await freePort();
    holder = createServer();
    await new Promise<void>((resolve) => holder?.listen(port, '127.0.0.1', resolve));
  });
  after(async () => {
    await new Promise((resolve) => holder?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [how, args] of STARTS) {
    it(`${how} exits 1 with one line naming HEALTH_PORT and how to pick another`, async () => {
      const worker = startServiceProcess(process.execPath, args, {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        HEALTH_PORT: String(port),
        SANDBOX_ENABLED: 'false',
        LOG_LEVEL: 'error',
      });
      const code = await worker.exited;
      const lines = worker
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
      assert.equal(code, 1, worker.output());
      assert.equal(lines.length, 1, `one line, not:\n${worker.output()}`);
      const [line = ''] = lines;
      assert.match(line, new RegExp(`HEALTH_PORT=${port} is already in use`));
      assert.match(line, /set HEALTH_PORT to a free port, or HEALTH_PORT=0/);
      assert.doesNotMatch(line, /EADDRINUSE|pricecrawl help/, 'no raw error code or usage hint');
    });
  }
});
