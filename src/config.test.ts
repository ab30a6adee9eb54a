import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { autoComputeThreads } from './platform/config/config.parsers.ts';
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

  it("keeps BullMQ's 30 s task lock by default and reads BULLMQ_LOCK_DURATION_MS within 1 s to 10 min", () => {
    assert.equal(loadConfig({}).bullmqLockDurationMs, 30_000);
    assert.equal(loadConfig({ BULLMQ_LOCK_DURATION_MS: '4000' }).bullmqLockDurationMs, 4000);
    for (const bad of ['999', '600001', '4s'])
      assert.throws(() => loadConfig({ BULLMQ_LOCK_DURATION_MS: bad }), /BULLMQ_LOCK_DURATION_MS=/);
  });

  it('reads COMPUTE_THREADS as auto (cores - 1, at most 4) or a count, and refuses anything else', () => {
    assert.equal(loadConfig({}).computeThreads, autoComputeThreads());
    assert.equal(loadConfig({ COMPUTE_THREADS: 'auto' }).computeThreads, autoComputeThreads());
    assert.equal(loadConfig({ COMPUTE_THREADS: ' Auto ' }).computeThreads, autoComputeThreads());
    assert.equal(loadConfig({ COMPUTE_THREADS: '0' }).computeThreads, 0);
    assert.equal(loadConfig({ COMPUTE_THREADS: '3' }).computeThreads, 3);
    assert.deepEqual(
      [1, 2, 4, 5, 64].map((cores) => autoComputeThreads(cores)),
      [0, 1, 3, 4, 4],
    );
    for (const bad of ['-1', 'two', '1.5', '17']) {
      assert.throws(() => loadConfig({ COMPUTE_THREADS: bad }), /COMPUTE_THREADS=.*integer from 0 to 16/);
    }
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

describe('CRAWL_LIMITS: politeness per source or (source, country) pair', () => {
  // The catalogue lives layers above config.ts; the process shells pass the real one.
  const SOURCES = { source_01: ['de', 'at', 'uk', 'gb'], source_02: ['de', 'fr'] };

  /** The problems of a refused configuration, one line each. */
  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env, SOURCES);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.problems;
    }
    assert.fail('the configuration was accepted');
  }

  it('is empty by default, so every pair keeps CRAWL_PAIR_CONCURRENCY and CRAWL_PAIR_RPS', () => {
    const config = loadConfig({}, SOURCES);
    assert.deepEqual(config.crawlLimits, {});
    assert.equal(config.crawlPairConcurrency, 16);
    assert.equal(config.crawlPairRequestsPerSecond, 200);
  });

  it('reads rps and concurrency per source and per pair', () => {
    const config = loadConfig(
      { CRAWL_LIMITS: '{"source_01": {"rps": 1000, "concurrency": 64}, "source_02.de": {"rps": 0.5}}' },
      SOURCES,
    );
    assert.deepEqual(
      { ...config.crawlLimits },
      {
        source_01: { requestsPerSecond: 1000, concurrency: 64 },
        'source_02.de': { requestsPerSecond: 0.5 },
      },
    );
  });

  it('reads key web as the per-host limits of the web source, and refuses a country for it', () => {
    const sources = { ...SOURCES, web: ['de', 'us'] };
    const config = loadConfig({ CRAWL_LIMITS: '{"web": {"rps": 0.5, "concurrency": 1}}' }, sources);
    assert.deepEqual({ ...config.crawlLimits }, { web: { requestsPerSecond: 0.5, concurrency: 1 } });
    try {
      loadConfig({ CRAWL_LIMITS: '{"web.de": {"rps": 2}}' }, sources);
      assert.fail('the configuration was accepted');
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(error.problems, [
        'CRAWL_LIMITS: "web.de": web is limited per target host, not per country: use "web"',
      ]);
    }
  });

  it('lists every bad key, setting and number as a problem of its own, beside other bad variables', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      CRAWL_LIMITS: JSON.stringify({
        source_1: { rps: 5 },
        'source_01.deu': { rps: 5 },
        source_02: { rps: 0, concurrency: 2.5, burst: 9 },
        'source_01.de': { rps: '5' },
        'source_01.at': {},
      }),
    });
    assert.deepEqual(problems, [
      'PORT="eighty" must be an integer from 0 to 65535',
      'CRAWL_LIMITS: "source_1" is not "source_NN" or "source_NN.cc"',
      'CRAWL_LIMITS: "source_01.deu" is not "source_NN" or "source_NN.cc"',
      'CRAWL_LIMITS: "source_02" rps 0 must be a number above 0',
      'CRAWL_LIMITS: "source_02" concurrency 2.5 must be an integer from 1 to 1000',
      'CRAWL_LIMITS: "source_02" has no setting "burst" (settings: rps, concurrency)',
      'CRAWL_LIMITS: "source_01.de" rps "5" must be a number above 0',
      'CRAWL_LIMITS: "source_01.at" must be an object with at least one of rps, concurrency',
    ]);
  });

  it('refuses an unknown source, a country the source does not serve and uk beside gb, beside bad numbers', () => {
    const problems = problemsOf({
      CRAWL_LIMITS: JSON.stringify({
        source_13: { rps: 5 },
        'source_02.uk': { rps: 5 },
        'source_01.uk': { rps: 5 },
        'source_01.gb': { rps: 6 },
        'source_02.xx': { concurrency: 0 },
      }),
    });
    assert.deepEqual(problems, [
      'CRAWL_LIMITS: "source_02.xx" concurrency 0 must be an integer from 1 to 1000',
      'CRAWL_LIMITS: "source_13": source_13 is not a source (source_01 to source_02)',
      'CRAWL_LIMITS: "source_02.uk": source_02 serves no country uk (it serves de, fr)',
      'CRAWL_LIMITS: "source_01.uk" and "source_01.gb" name one marketplace: keep one',
      'CRAWL_LIMITS: "source_02.xx": source_02 serves no country xx (it serves de, fr)',
    ]);
  });

  it('accepts a country added with SOURCE_EXTRA_COUNTRIES', () => {
    const env = { CRAWL_LIMITS: '{"source_02.ch": {"rps": 5}}' };
    assert.match(problemsOf(env).join('\n'), /source_02 serves no country ch/);
    const config = loadConfig({ ...env, SOURCE_EXTRA_COUNTRIES: '{"source_02": ["ch"]}' }, SOURCES);
    assert.deepEqual({ ...config.crawlLimits }, { 'source_02.ch': { requestsPerSecond: 5 } });
  });

  it('refuses what is not a JSON object, naming the variable and its value', () => {
    for (const raw of ['source_01=rps:5', '[]', '{"source_01": 5']) {
      const [problem, ...more] = problemsOf({ CRAWL_LIMITS: raw });
      assert.deepEqual(more, []);
      assert.ok(problem?.startsWith(`CRAWL_LIMITS=${JSON.stringify(raw)} must be JSON`), problem);
    }
  });
});
