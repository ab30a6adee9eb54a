/** Starts the sandbox on a free port for tests and reads its ground truth. */
import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from '../../sandbox/app.ts';
import type { SandboxOptions } from '../../sandbox/sandbox.types.ts';
import type { SourceId } from '../../sources/sources.types.ts';

export interface RunningSandbox {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Ground truth of (source, country): `GET /catalog.json?source=&country=` (memoized). */
  truth<T = SandboxTruth>(source: SourceId, country: string): Promise<T>;
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
    close: () => app.close(),
  };
}
