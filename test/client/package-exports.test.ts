import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

describe('package exports', () => {
  it('serves the client as pricecrawl/client and as the package root, and keeps the bin', async () => {
    const viaSubpath = await import('pricecrawl/client');
    const viaRoot = await import('pricecrawl');
    assert.equal(viaRoot.PricecrawlClient, viaSubpath.PricecrawlClient);
    assert.equal(typeof viaSubpath.verifyWebhook, 'function');
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    assert.equal(manifest.bin.pricecrawl, 'bin/pricecrawl.js');
    await assert.rejects(import('pricecrawl/src/app.ts' as string), {
      code: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    });
  });
});
