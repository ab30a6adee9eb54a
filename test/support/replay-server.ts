/**
 * Replays saved real pages (`marketplace-pages.ts`) from a loopback server at the paths the real
 * site serves them under (`/dp/B0DR8G428S`, `/sch/i.html?_nkw=apple`, RedSky's API paths), so a
 * driver runs against real pages through the whole service with `SOURCE_BASE_URLS` pointing at the
 * server. Anything else answers 404, as a real site does for an unknown item.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { marketplaceBody, marketplacePage, type MarketplacePage } from './marketplace-pages.ts';

/** One saved page and the path (with query, in the order the driver sends it) it is served at. */
export interface ReplayRoute {
  /** `pathname?search` exactly as requested, or a pathname alone to ignore the query. */
  path: string;
  page: MarketplacePage;
}

export interface ReplayServer {
  /** Base URL without trailing slash. */
  url: string;
  /** Paths (with query) requested so far, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** A route for the page `fileName` of `source`'s manifest entries at `path`. */
export function replayRoute(source: string, fileName: string, path: string): ReplayRoute {
  return { path, page: marketplacePage(source, fileName) };
}

/** Starts the server on 127.0.0.1 with an ephemeral port. */
export async function startReplayServer(routes: readonly ReplayRoute[]): Promise<ReplayServer> {
  const bodies = new Map(
    routes.map((route) => [route.path, { page: route.page, body: marketplaceBody(route.page) }]),
  );
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay.invalid');
    requested.push(url.pathname + url.search);
    const hit = bodies.get(url.pathname + url.search) ?? bodies.get(url.pathname);
    if (hit === undefined) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html><head><title>Page Not Found</title></head><body></body></html>');
      return;
    }
    const json = hit.page.file.includes('.json');
    response.writeHead(200, {
      'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    });
    response.end(hit.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
