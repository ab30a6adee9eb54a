import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { createDriverHealth, groupReason } from './driver-health.ts';
import type { DriverHealthTable } from './driver-health.table.ts';
import { keepSample, listSamples, redactUrl, sampleFolder } from './driver-health.samples.ts';

describe('driver health', () => {
  it('groups reasons that differ only in URLs, numbers and quoted text', () => {
    assert.equal(
      groupReason('price missing on https://shop.example/p/123?x=1'),
      groupReason('price missing on https://shop.example/p/456'),
    );
    assert.equal(groupReason('card 12 of "Akku" unreadable'), 'card N of … unreadable');
  });

  it('sums pages per source, country, minute, outcome and reason and writes them once per flush', async () => {
    const written: DriverHealthTable[][] = [];
    const health = createDriverHealth({
      writeCounts: async (rows) => void written.push([...rows]),
      flushIntervalMs: 60_000,
      logger: pino({ level: 'silent' }),
      now: () => 120_000,
    });
    health.record({ source: 'source_01', country: 'de', outcome: 'read' });
    health.record({ source: 'source_01', country: 'de', outcome: 'read' });
    health.record({
      source: 'source_01',
      country: 'de',
      outcome: 'failed',
      reason: 'price missing on https://a/1',
    });
    await health.flush();
    await health.close();
    assert.deepEqual(written[0], [
      { source: 'source_01', country: 'de', minute: 2, outcome: 'read', reason: '', pages: 2 },
      {
        source: 'source_01',
        country: 'de',
        minute: 2,
        outcome: 'failed',
        reason: 'price missing on <url>',
        pages: 1,
      },
    ]);
    assert.deepEqual(written[1], [], 'nothing twice');
  });

  it('keeps at most the last few pages of a kind, with no credentials in their URLs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'samples-'));
    for (let index = 0; index < 4; index += 1) {
      const sample = {
        url: `https://user:pw@shop.example/p/${index}?token=abc&id=7`,
        status: 200,
        body: `<p>${index}</p>`,
        error: 'x',
      };
      await keepSample(
        root,
        { source: 'source_02', country: 'de', outcome: 'failed', sample },
        { perKind: 2, maxPageBytes: 4 },
      );
    }
    const folder = sampleFolder(root, 'source_02', 'de', 'failed');
    assert.equal(readdirSync(folder).length, 4, 'two pages, each an .html and a .json');
    const samples = await listSamples(root, 'source_02');
    assert.deepEqual(
      samples.map((sample) => sample.url),
      ['https://shop.example/p/3?token=REDACTED&id=7', 'https://shop.example/p/2?token=REDACTED&id=7'],
    );
    assert.equal(readFileSync(samples[0]?.file ?? '', 'utf8'), '<p>3', 'cut to maxPageBytes');
    assert.equal(samples[0]?.truncated, true);
  });

  it('redacts userinfo and secret-looking parameters, and keeps the rest of the URL', () => {
    assert.equal(
      redactUrl('http://a:b@x.example/s?k=kaffee&session=1&sig=2'),
      'http://x.example/s?k=kaffee&session=REDACTED&sig=REDACTED',
    );
  });
});
