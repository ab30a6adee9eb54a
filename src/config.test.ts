import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the startup contract defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.sandboxPort, 8081);
    assert.equal(config.bootstrapCredits, 100000);
    assert.match(config.dataDir, /\/data$/);
    assert.match(config.databaseFile, /\/data\/pricecrawl\.sqlite$/);
    assert.ok(Object.isFrozen(config));
  });

  it('stops on bad variables and names every one of them', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          SANDBOX_PORT: '70000',
          BOOTSTRAP_API_KEY: 'svc_live_short',
          DATABASE_URL: 'mysql://x',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        for (const name of ['PORT', 'SANDBOX_PORT', 'BOOTSTRAP_API_KEY', 'DATABASE_URL']) {
          assert.match(error.message, new RegExp(`${name}=`));
        }
        return true;
      },
    );
  });

  it('parses JSON variables and refuses malformed ones', () => {
    const config = loadConfig({ SOURCE_BASE_URLS: '{"source_01.de":"https://example.test/s1"}' });
    assert.deepEqual(config.sourceBaseUrls, { 'source_01.de': 'https://example.test/s1' });
    assert.throws(() => loadConfig({ EGRESS_PROXIES: '{"de": "not a list"}' }), /EGRESS_PROXIES/);
  });

  it('reads the identity settings and wants the OIDC variables together', () => {
    const config = loadConfig({ BOOTSTRAP_USER_EMAIL: 'Admin@Example.test', SESSION_TTL_SECONDS: '300' });
    assert.equal(config.bootstrapUserEmail, 'admin@example.test');
    assert.equal(config.sessionTtlSeconds, 300);
    assert.equal(config.sessionSigningKeyId, 'session-1');
    assert.throws(() => loadConfig({ SESSION_TTL_SECONDS: '3600' }), /SESSION_TTL_SECONDS/);
    assert.throws(() => loadConfig({ BOOTSTRAP_USER_PASSWORD: 'short' }), /BOOTSTRAP_USER_PASSWORD/);
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'https://id.example.test/' }), /must be set together/);
    const oidc = loadConfig({
      OIDC_ISSUER: 'https://id.example.test/',
      OIDC_AUDIENCE: 'pricecrawl',
      OIDC_JWKS_URL: 'https://id.example.test/jwks',
    });
    assert.equal(oidc.oidcJwksUrl, 'https://id.example.test/jwks');
  });

  it('reads TRUST_PROXY as a flag or the addresses of the load balancers', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.4' }).trustProxy, [
      '10.0.0.0/8',
      '192.0.2.4',
    ]);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'the balancer' }), /TRUST_PROXY=/);
  });

  it('limits failed authentications per address by default and reads the local egress country', () => {
    const config = loadConfig({});
    assert.equal(config.authFailureBurst, 20);
    assert.equal(config.authFailuresPerMinute, 10);
    assert.equal(config.localEgressCountry, undefined);
    assert.equal(loadConfig({ LOCAL_EGRESS_COUNTRY: 'DE' }).localEgressCountry, 'de');
    assert.throws(() => loadConfig({ LOCAL_EGRESS_COUNTRY: 'germany' }), /LOCAL_EGRESS_COUNTRY=/);
  });
});
