import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { driverHealthReport } from '../../src/crawl/driver-health/driver-health.report.ts';
import { startHarness, type Harness } from '../support/harness.ts';

/** One source per kind of wall, every request of it blocked. */
const WALLS = [
  { source: 'source_01', country: 'de', fault: 'blockPage', kind: 'captcha' },
  { source: 'source_05', country: 'de', fault: 'jsInterstitial', kind: 'interstitial' },
  { source: 'source_06', country: 'de', fault: 'consentWall', kind: 'consent' },
  { source: 'source_07', country: 'de', fault: 'robotCheck', kind: 'robot_check' },
] as const;

describe('block pages and driver health with evidence (issue 20)', () => {
  let harness: Harness;
  before(async () => {
    const faults = Object.fromEntries(WALLS.map((wall) => [wall.source, { rates: { [wall.fault]: 1 } }]));
    harness = await startHarness({ sandbox: { faults }, env: { CRAWL_MAX_ATTEMPTS: '2' } });
  });
  after(async () => harness.close());

  it('answers every kind of block page as source currently unavailable, never not found, counted by kind', async () => {
    const { headers } = await harness.account();
    for (const wall of WALLS) {
      const answer = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { source: wall.source, country: wall.country, values: ['akku'], wait: 60 },
      });
      const [result] = answer.json().results as Array<{ success: boolean; reason: string; content: unknown }>;
      assert.deepEqual(
        { success: result?.success, reason: result?.reason, content: result?.content },
        { success: false, reason: 'source currently unavailable', content: null },
        wall.kind,
      );
    }
    const metrics = (await harness.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const wall of WALLS) {
      const line = new RegExp(
        `pricecrawl_crawl_blocks_total\\{source="${wall.source}",kind="${wall.kind}"\\} (\\d+)`,
      );
      assert.ok(Number(line.exec(metrics)?.[1] ?? 0) >= 2, `${wall.kind} counted: two attempts, two walls`);
      assert.match(
        metrics,
        new RegExp(
          `pricecrawl_driver_pages_total\\{source="${wall.source}",country="de",outcome="blocked"\\}`,
        ),
      );
    }
  });

  it('reports the last hour per source and country with the block kind as the top reason', async () => {
    await harness.runtime.flushDriverHealth();
    const report = await driverHealthReport(harness.runtime.deps.db);
    for (const wall of WALLS) {
      const line = report.find((entry) => entry.source === wall.source && entry.country === wall.country);
      assert.ok(line && line.pages.blocked >= 2, `${wall.source} blocked pages`);
      assert.equal(line.pages.read, 0);
      assert.equal(line.trouble_rate, 1);
      assert.deepEqual(line.top_reasons[0], {
        outcome: 'blocked',
        reason: wall.kind,
        pages: line.pages.blocked,
      });
    }
  });

  it('keeps the block pages under DATA_DIR and the CLI writes them out, without headers or cookies', () => {
    const out = mkdtempSync(join(tmpdir(), 'pricecrawl-samples-'));
    const cli = spawnSync(
      'npx',
      ['pricecrawl', 'drivers', 'sample', 'source_05', '--country', 'de', '--out', out],
      {
        env: { ...process.env, ...harness.database.env },
        encoding: 'utf8',
      },
    );
    assert.equal(cli.status, 0, cli.stderr);
    const written = JSON.parse(cli.stdout) as {
      pages: Array<{ file: string; outcome: string; error: string; url: string }>;
    };
    assert.ok(written.pages.length >= 1 && written.pages.length <= 5, `bounded: ${written.pages.length}`);
    const [page] = written.pages;
    assert.equal(page?.outcome, 'blocked');
    assert.match(page?.url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/source_05\/de\//);
    assert.ok(existsSync(page?.file ?? ''));
    assert.match(readFileSync(page?.file ?? '', 'utf8'), /httpservice\/retry\/enablejs/);
    for (const file of readdirSync(out).filter((name) => name.endsWith('.json'))) {
      assert.doesNotMatch(readFileSync(join(out, file), 'utf8'), /cookie|set-cookie|user-agent|x-api-key/i);
    }
    const report = spawnSync('npx', ['pricecrawl', 'drivers'], {
      env: { ...process.env, ...harness.database.env },
      encoding: 'utf8',
    });
    assert.equal(report.status, 0, report.stderr);
    const drivers = (JSON.parse(report.stdout) as { drivers: Array<{ source: string }> }).drivers;
    assert.deepEqual(drivers.map((line) => line.source).sort(), WALLS.map((wall) => wall.source).sort());
  });
});
