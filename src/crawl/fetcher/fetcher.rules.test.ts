import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CrawlTimeoutError, SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { decodeBody, isHtmlResponse, isTruncatedHtml } from './fetcher.body.ts';
import { abortError, backoffDelayMs, classifyTransportError, FetchFailure } from './fetcher.failures.ts';
import { defaultBlockPageDetector, resolveFetcherOptions } from './fetcher.options.ts';
import { CookieJar } from './fetcher.session.ts';

describe('fetcher rules', () => {
  it('draws backoff with full jitter under an exponential, capped ceiling', () => {
    assert.equal(
      backoffDelayMs(1, 100, 10_000, () => 0),
      0,
    );
    assert.equal(
      backoffDelayMs(1, 100, 10_000, () => 0.999_999),
      99,
    );
    assert.equal(
      backoffDelayMs(4, 100, 10_000, () => 0.5),
      400,
    );
    assert.equal(
      backoffDelayMs(20, 100, 10_000, () => 0.5),
      5_000,
      'capped at backoffMaxMs',
    );
  });

  it('classes failures as retryable or not', () => {
    const retryable = ['network', 'timeout', 'server_error', 'rate_limited', 'blocked', 'truncated'] as const;
    for (const kind of retryable) assert.equal(new FetchFailure(kind, kind).retryable, true, kind);
    for (const kind of ['too_large', 'client_error', 'bad_redirect'] as const) {
      assert.equal(new FetchFailure(kind, kind).retryable, false, kind);
    }
    assert.equal(
      classifyTransportError(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' })).kind,
      'timeout',
    );
    assert.equal(
      classifyTransportError(Object.assign(new Error('x'), { code: 'ECONNRESET' })).kind,
      'network',
    );
  });

  it('turns an aborted signal into CrawlTimeoutError unless it carries a crawl error', () => {
    const deadline = new AbortController();
    deadline.abort();
    assert.ok(abortError(deadline.signal) instanceof CrawlTimeoutError);
    const closing = new AbortController();
    closing.abort(new SourceUnavailableError('closed'));
    assert.ok(abortError(closing.signal) instanceof SourceUnavailableError);
  });

  it('recognises a block page by its Robot Check title and the word captcha', () => {
    const block =
      '<html><head><title>Amazon.de - Robot Check</title></head><body>Enter the CAPTCHA</body></html>';
    assert.equal(defaultBlockPageDetector({ status: 200, body: block }), 'captcha');
    const product = '<html><head><title>Robot Check Mug</title></head><body>A mug</body></html>';
    assert.equal(defaultBlockPageDetector({ status: 200, body: product }), undefined);
    const captchaReview = '<html><head><title>Phone</title></head><body>no captcha here</body></html>';
    assert.equal(defaultBlockPageDetector({ status: 200, body: captchaReview }), undefined);
  });

  it('tells truncated HTML from complete HTML', () => {
    assert.equal(isTruncatedHtml('<html><body>x</body></html>'), false);
    assert.equal(isTruncatedHtml('<html><body>x</body></HTML >\n<!-- cache: hit -->\n'), false);
    assert.equal(isTruncatedHtml('<html><body><div>x'), true);
    const longCut = `<html><body>${'<p>a</p>'.repeat(10_000)}`;
    assert.equal(isTruncatedHtml(longCut), true);
    assert.equal(isHtmlResponse('text/html; charset=utf-8', ''), true);
    assert.equal(isHtmlResponse('application/json', '<html>'), false);
    assert.equal(isHtmlResponse(undefined, '  <!DOCTYPE html><html>'), true);
  });

  it('decodes the declared charset and falls back to UTF-8 for unknown ones', () => {
    const shiftJis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]);
    assert.equal(decodeBody(shiftJis, 'text/html; charset=Shift_JIS'), '日本');
    assert.equal(decodeBody(Buffer.from('Preis €'), 'text/html; charset=x-unknown'), 'Preis €');
  });

  it('decodes the charset a page declares in a meta element when the header names none', () => {
    const page = Buffer.concat([
      Buffer.from('<html><head><meta charset="Shift_JIS"></head><p>'),
      Buffer.from([0x93, 0xfa, 0x96, 0x7b]),
    ]);
    assert.match(decodeBody(page, 'text/html'), /<p>日本$/);
    const equiv = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">'),
      Buffer.from([0xc6, 0xfc, 0xcb, 0xdc]),
    ]);
    assert.match(decodeBody(equiv, undefined), /日本$/);
  });

  it('keeps cookies per host and drops expired ones', () => {
    const jar = new CookieJar();
    const url = new URL('http://shop.example/a');
    jar.store(url, ['sid=1; Path=/; HttpOnly', 'consent=yes']);
    assert.equal(jar.header(url), 'sid=1; consent=yes');
    assert.equal(jar.header(new URL('http://other.example/')), undefined);
    jar.store(url, 'sid=; Max-Age=0');
    jar.store(url, 'consent=no; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    assert.equal(jar.header(url), undefined);
  });

  it('rejects unusable options and keeps defaults for the rest', () => {
    assert.throws(() => resolveFetcherOptions({ maxAttempts: 0 }), RangeError);
    assert.throws(() => resolveFetcherOptions({ errorSlowdownFactor: 0.5 }), /never shorten/);
    assert.throws(() => resolveFetcherOptions({ successRecoveryFactor: 1.5 }), RangeError);
    assert.throws(() => resolveFetcherOptions({ userAgents: [] }), RangeError);
    const options = resolveFetcherOptions({ maxAttempts: 2, requestTimeoutMs: undefined });
    assert.equal(options.maxAttempts, 2);
    assert.equal(options.requestTimeoutMs, 20_000);
  });
});
