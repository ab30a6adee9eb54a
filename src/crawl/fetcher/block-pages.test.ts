import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { BLOCK_MARKERS, detectBlockPage, markersIn } from './block-pages.ts';

const page = (title: string, body: string, head = '') =>
  `<!DOCTYPE html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

const WALLS = {
  captcha: [
    page(
      'Amazon.com',
      '<form method="get" action="/errors/validateCaptcha"><input id="captchacharacters"></form>',
    ),
    page(
      'https://www.google.com/search?q=x',
      '<form id="captcha-form" action="index" method="post">unusual traffic</form>',
    ),
    page('kaufland.de', '<script src="https://ct.captcha-delivery.com/c.js"></script>'),
    page('Robot or human?', '<div id="px-captcha"></div>'),
  ],
  interstitial: [
    page(
      'Google Search',
      'Please click <a href="/httpservice/retry/enablejs?sei=1">here</a> if you are not redirected',
    ),
    page('Just a moment...', '<script>window._cf_chl_opt={}</script>'),
  ],
  consent: [
    page(
      'Before you continue to Google',
      '<form action="https://consent.google.com/save" method="POST"></form>',
    ),
  ],
  robot_check: [
    page('Pardon Our Interruption...', '<p>something about your browser made us think you were a bot</p>'),
  ],
} as const;

describe('detectBlockPage', () => {
  for (const [kind, pages] of Object.entries(WALLS)) {
    it(`tells a ${kind} wall from content`, () => {
      for (const body of pages) assert.equal(detectBlockPage({ status: 200, body }), kind, body);
    });
  }

  it('reads a marker in any case and only in the first 64 KB, as a lower-cased head does', () => {
    const wall = '<form action="https://consent.google.com/save"></form>';
    assert.equal(detectBlockPage({ status: 200, body: page('x', wall.toUpperCase()) }), 'consent');
    const late = page('x', `${' '.repeat(64 * 1024)}<script src="https://ct.captcha-delivery.com/c.js">`);
    assert.equal(detectBlockPage({ status: 200, body: late }), undefined);
    assert.equal(detectBlockPage({ status: 200, body: late.replace(' '.repeat(64 * 1024), '') }), 'captcha');
  });

  it('has markers a case-insensitive search finds where a lower-cased head holds them', () => {
    for (const marker of BLOCK_MARKERS) {
      assert.match(marker, /^[\x20-\x7e]+$/, marker);
      assert.equal(marker, marker.toLowerCase(), marker);
      assert.doesNotMatch(marker, /k|i$/, `${marker}: the Kelvin sign and İ lower-case to k and i`);
    }
  });

  it('finds every marker a lower-cased head includes, one beginning inside another among them', () => {
    const head = 'x ACTION="HTTPS://CONSENT.captcha-delivery.com y /Sorry/Index';
    assert.deepEqual([...markersIn(head)].sort(), [
      '.captcha-delivery.com',
      '/sorry/index',
      'action="https://consent.',
    ]);
    assert.deepEqual([...markersIn('<p>no wall here</p>')], []);
  });

  it('reads product pages that mention captchas, consent and robots as content', () => {
    const product = page(
      'Robot Vacuum X1 – Shop',
      '<div class="cookie-banner">We use cookies. <a href="https://consent.example/">settings</a></div>' +
        '<script>var recaptchaKey="6Lc"; function captcha(){}</script><span class="price">199,00 €</span>',
    );
    assert.equal(detectBlockPage({ status: 200, body: product }), undefined);
  });

  it('classes no real product or search page of the fixtures as a block page', (context) => {
    const roots = ['../shared/fixtures/product-pages/html', '../shared/fixtures/marketplace-pages/pages'];
    if (!roots.every((root) => existsSync(root))) {
      if (process.env.CI === 'true')
        assert.fail(`real pages missing: ${roots.join(', ')} must be beside the checkout`);
      context.skip(`real pages absent (${roots.join(', ')}): place ../shared beside the checkout`);
      return;
    }
    const files = roots.flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.gz'))
        .map((name) => join(root, name)),
    );
    assert.ok(files.length > 50, `${files.length} pages`);
    const blocked = files.filter((file) =>
      detectBlockPage({ status: 200, body: gunzipSync(readFileSync(file)).toString('utf8') }),
    );
    assert.deepEqual(blocked, []);
  });
});
