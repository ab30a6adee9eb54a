import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

describe('the dashboard’s static files', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ worker: false });
  });
  after(async () => harness.close());

  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it('serves the page under a strict Content-Security-Policy without inline script or style', async () => {
    const page = await get('/dashboard');
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
    ]) {
      assert.ok(csp.includes(directive), `${directive} in ${csp}`);
    }
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'));
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.length > 0);
    for (const [, attributes, body] of scripts) {
      assert.match(attributes ?? '', /\bsrc="\/dashboard\//, 'every script is a file of this origin');
      assert.equal(body?.trim(), '', 'no inline script');
    }
    assert.ok(
      !/<style\b|\sstyle=|\son[a-z]+=/i.test(page.body),
      'no inline style or event handler attributes',
    );
  });

  it('serves every module the page imports, as JavaScript under the same policy', async () => {
    const main = await get('/dashboard/dashboard.js');
    assert.match(String(main.headers['content-type']), /^text\/javascript/);
    // Every module reachable from the entry, followed import by import.
    const imports = new Set<string>();
    const pending = ['dashboard.js'];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      const body = (await get(`/dashboard/${name}`)).body;
      for (const [, imported] of body.matchAll(/from '\.\/([a-z.-]+\.js)'/g)) {
        if (imported === undefined || imports.has(imported)) continue;
        imports.add(imported);
        pending.push(imported);
      }
    }
    assert.ok(imports.has('dashboard.results.js') && imports.has('dashboard.xlsx.js'), [...imports].join());
    for (const name of [...imports, 'dashboard.css']) {
      const file = await get(`/dashboard/${name}`);
      assert.equal(file.statusCode, 200, name);
      assert.ok(file.headers['content-security-policy'], name);
      assert.ok(!/innerHTML|insertAdjacentHTML|document\.write/.test(file.body), `${name} writes no HTML`);
    }
  });
});
