import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostGuardFor } from './fetcher.hosts.ts';

describe('crawl host guard', () => {
  const guard = hostGuardFor(['http://127.0.0.1:8081/source_01/de', 'https://Shop.Example/de']);

  it("allows the configured base URLs' own hosts, loopback included, on any path", () => {
    assert.equal(guard(new URL('http://127.0.0.1:8081/source_01/uk/p/1')), undefined);
    assert.equal(guard(new URL('https://shop.example/seller/9')), undefined);
  });

  it('refuses a downgrade from an https base URL to http on the same host', () => {
    assert.match(guard(new URL('http://shop.example/de')) ?? '', /not a host of the source/);
  });

  it('refuses other hosts and ports, naming internal address ranges', () => {
    assert.match(guard(new URL('http://127.0.0.1:5432/')) ?? '', /127\.0\.0\.1:5432 \(loopback address\)/);
    assert.match(guard(new URL('http://169.254.169.254/latest/meta-data')) ?? '', /metadata address/);
    assert.match(guard(new URL('http://[::ffff:10.0.0.1]/')) ?? '', /private address/);
    assert.match(guard(new URL('https://elsewhere.example/')) ?? '', /not a host of the source/);
  });

  it('refuses everything when the base URL cannot be parsed', () => {
    assert.notEqual(hostGuardFor(['not a url'])(new URL('http://127.0.0.1:8081/')), undefined);
  });
});
