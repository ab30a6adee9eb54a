/** Starts the sandbox on a free port for tests, reads its ground truth and injects faults. */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from '../../src/sandbox/app.ts';
import type { FaultKind, SandboxOptions } from '../../src/sandbox/sandbox.types.ts';
import { resolveBaseUrl } from '../../src/crawl/sources/sources.urls.ts';
import type { SourceId } from '../../src/crawl/vocabulary/sources.types.ts';
import { PageParseError } from '../../src/crawl/vocabulary/crawl.errors.ts';
import type { FetchedPage, SourceDriver, ValueQuery } from '../../src/crawl/vocabulary/crawl.types.ts';
import {
  createTestCrawlContext,
  type TestCrawlContext,
  type TestCrawlContextOptions,
} from './crawl-context.ts';

export interface RunningSandbox {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Ground truth of (source, country): `GET /catalog.json?source=&country=` (memoized). */
  truth<T = SandboxTruth>(source: SourceId, country: string): Promise<T>;
  /** Runs `body` while every request to `source` meets `fault`, then clears all injected faults. */
  withFault(source: SourceId, fault: FaultKind, body: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Every site's ground truth; `Product` and `Term` are the site's own entry shapes. */
export interface SandboxTruth<Product = Record<string, unknown>, Term = Record<string, unknown>> {
  source: SourceId;
  country: string;
  storefront: string;
  base_url: string;
  currency: string;
  products: Product[];
  terms: Term[];
  not_found: Record<string, string[]>;
}

/** A sandbox at each page weight (decisions G34): light pages, and pages of their real sites' size. */
export interface SandboxWeights {
  light: RunningSandbox;
  real: RunningSandbox;
}

/**
 * Both weights' sandboxes for the tests of the calling `describe`: started before its tests, closed
 * after them; read their fields inside the tests.
 */
export function useSandboxWeights(): SandboxWeights {
  const sandboxes = {} as SandboxWeights;
  before(async () => {
    [sandboxes.light, sandboxes.real] = await Promise.all([
      startSandbox(),
      startSandbox({ pageWeight: 'real' }),
    ]);
  });
  after(async () => {
    await Promise.all([sandboxes.light?.close(), sandboxes.real?.close()]);
  });
  return sandboxes;
}

/** Builds the sandbox and listens on 127.0.0.1, port 0. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const app = buildSandboxApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox has no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;
  const truths = new Map<string, Promise<unknown>>();
  return {
    app,
    origin,
    truth<T>(source: SourceId, country: string): Promise<T> {
      const key = `${source}:${country}`;
      let truth = truths.get(key);
      if (!truth) {
        truth = fetch(`${origin}/catalog.json?source=${source}&country=${country}`).then((response) => {
          if (!response.ok) throw new Error(`no truth for ${key}: HTTP ${response.status}`);
          return response.json();
        });
        truths.set(key, truth);
      }
      return truth as Promise<T>;
    },
    async withFault(source, fault, body) {
      const faults = { method: 'PUT' as const, url: '/_sandbox/faults' };
      await app.inject({ ...faults, payload: { [source]: { rates: { [fault]: 1 } } } });
      try {
        await body();
      } finally {
        await app.inject({ ...faults, payload: {} });
      }
    },
    close: () => app.close(),
  };
}

/** The sandbox of one driver's test suite, as {@link useSandbox} returns it. */
export interface DriverSandbox<Truth = SandboxTruth> {
  /** The running sandbox (fails the test before it started). */
  sandbox: () => RunningSandbox;
  /** A fresh test context on the service's own base URL of the driver's source for `country`. */
  contextFor: (country: string, options?: Partial<TestCrawlContextOptions>) => TestCrawlContext;
  /** Ground truth of the driver's source for `country`. */
  truthOf: (country: string) => Promise<Truth>;
  /**
   * Asserts that the driver throws `PageParseError` on every query, each in a fresh context,
   * while every request to its source meets `fault`.
   */
  assertParseErrors: (fault: FaultKind, queries: readonly ValueQuery[]) => Promise<void>;
  /** Asserts that the driver answers `not_found` to every query, each in a fresh context. */
  assertNotFound: (queries: readonly ValueQuery[]) => Promise<void>;
}

/** Starts a sandbox before the enclosing suite and closes it after; contexts target `driver`'s source. */
export function useSandbox<Truth = SandboxTruth>(driver: SourceDriver): DriverSandbox<Truth> {
  let running: RunningSandbox | undefined;
  before(async () => {
    running = await startSandbox();
  });
  after(async () => {
    await running?.close();
  });
  const sandbox = (): RunningSandbox => {
    assert.ok(running, 'sandbox started');
    return running;
  };
  const contextFor: DriverSandbox['contextFor'] = (country, options = {}) =>
    createTestCrawlContext({
      baseUrl: resolveBaseUrl({}, sandbox().origin, driver.source, country),
      ...options,
    });
  return {
    sandbox,
    contextFor,
    truthOf: (country) => sandbox().truth<Truth>(driver.source, country),
    assertParseErrors: (fault, queries) =>
      sandbox().withFault(driver.source, fault, async () => {
        for (const query of queries) {
          await assert.rejects(
            driver.crawl(contextFor(query.country), query),
            PageParseError,
            `${query.key} ${query.value}`,
          );
        }
      }),
    async assertNotFound(queries) {
      for (const query of queries) {
        const outcome = await driver.crawl(contextFor(query.country), query);
        assert.equal(outcome.status, 'not_found', `${query.key} ${query.value}`);
      }
    },
  };
}

/** A sandbox page as a driver's parser receives it, fetched as is (no decoding, no headers kept). */
export async function fetchSandboxPage(url: string): Promise<FetchedPage> {
  const response = await fetch(url);
  return { url, status: response.status, body: await response.text(), headers: {} };
}
