/**
 * A loopback forward proxy that answers pages itself, by their absolute URL: the way an egress
 * proxy (`EGRESS_PROXIES`) receives plain-http requests. It never connects anywhere, so tests can
 * crawl real shops' URLs (`http://www.shop.example/p/1`) with saved pages and no traffic leaving
 * the machine. Unknown URLs (robots.txt included, unless given) answer 404.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One page the proxy serves. */
export interface ProxiedPage {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

export interface PageProxy {
  /** `http://127.0.0.1:<port>`: the proxy URL for `EGRESS_PROXIES` / `proxiesByCountry`. */
  url: string;
  /** Absolute URLs requested, in order. */
  requested: string[];
  /** Headers of each request, in order. */
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1 with `pages` by absolute URL (`http://host/path?query`). */
export async function startPageProxy(pages: ReadonlyMap<string, ProxiedPage>): Promise<PageProxy> {
  const requested: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    const target = request.url ?? '';
    requested.push(target);
    headers.push(request.headers);
    const page = pages.get(target);
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not here');
      return;
    }
    response.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
    response.end(page.body);
  });
  // CONNECT would need the real host: an https target cannot be answered from saved pages.
  server.on('connect', (_request, socket) => socket.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    headers,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
