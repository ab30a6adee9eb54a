/**
 * Test helpers: local HTTP servers that misbehave on purpose, and a tiny forward proxy that counts
 * what goes through it. Used by the crawl tests only.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/** Answers one request; a route's steps are used in turn, the last one repeating. */
export type Step = (request: IncomingMessage, response: ServerResponse) => void;

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  atMs: number;
}

export interface TestServer {
  /** Base URL without trailing slash. */
  url: string;
  seen: SeenRequest[];
  /** Requests of a path seen so far. */
  count(path: string): number;
  /** Highest number of requests in flight at once. */
  maxInFlight(): number;
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Starts a server answering each path with its steps; unknown paths get 404. */
export async function startServer(routes: Record<string, Step | Step[]>): Promise<TestServer> {
  const seen: SeenRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const previous = seen.filter((entry) => entry.path === path).length;
    seen.push({ path, headers: request.headers, atMs: Date.now() });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let counted = true;
    const done = (): void => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    response.on('close', done);
    const route = routes[path];
    const steps = route === undefined ? [notFound] : Array.isArray(route) ? route : [route];
    const step = steps[Math.min(previous, steps.length - 1)] ?? notFound;
    step(request, response);
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    count: (path) => seen.filter((entry) => entry.path === path).length,
    maxInFlight: () => maxInFlight,
    close: () => shut(server),
  };
}

/** A complete product page of about `padBytes` bytes. */
export function productHtml(title: string, padBytes = 0): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${'x'.repeat(padBytes)}</p></body></html>`;
}

export const ok =
  (body = productHtml('Product'), headers: Record<string, string> = {}): Step =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.end(body);
  };

export const status =
  (code: number, headers: Record<string, string> = {}, body = productHtml(`HTTP ${code}`)): Step =>
  (_request, response) => {
    response.writeHead(code, { 'content-type': 'text/html', ...headers });
    response.end(body);
  };

export const notFound: Step = status(404);

/** HTTP 200 block page, the way the sandbox and real marketplaces send them. */
export const blockPage: Step = ok(
  '<html><head><title>Robot Check</title></head><body>Type the characters: captcha</body></html>',
);

/** An HTML page cut off before `</html>`. */
export const truncated: Step = ok('<!doctype html><html><head><title>Cut</title></head><body><div>partial');

/** Accepts the request and never answers. */
export const hang: Step = () => undefined;

/** Sends headers, then nothing more. */
export const stallBody: Step = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.write('<html><body>');
};

/** Closes the connection without an answer. */
export const drop: Step = (request) => request.socket.destroy();

/** Starts a page with a promised length, then closes the connection mid-body. */
export const dropMidBody: Step = (request, response) => {
  response.writeHead(200, { 'content-type': 'text/html', 'content-length': '5000' });
  response.write('<html><body>only a part', () => request.socket.destroy());
};

/** A body of `bytes` bytes, chunked (no content-length) unless `withLength`. */
export const huge =
  (bytes: number, withLength: boolean): Step =>
  (_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html',
      ...(withLength ? { 'content-length': String(bytes) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes && !response.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!response.write(part)) {
          response.once('drain', pump);
          return;
        }
      }
      response.end();
    };
    pump();
  };

export const gzipped =
  (html: string): Step =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    response.end(gzipSync(html));
  };

export const redirect =
  (location: string, code = 302): Step =>
  (_request, response) => {
    response.writeHead(code, { location });
    response.end();
  };

/** Holds the answer for `ms`, then runs `then` (for concurrency measurements). */
export const delayed =
  (ms: number, then: Step): Step =>
  (request, response) => {
    setTimeout(() => then(request, response), ms);
  };

export interface TestProxy {
  url: string;
  /** Absolute-form requests forwarded (plain http through the proxy). */
  forwarded: string[];
  /** CONNECT targets tunnelled (`host:port`). */
  tunnels: string[];
  close(): Promise<void>;
}

/** A forward proxy: absolute-form GETs are forwarded, CONNECT is tunnelled. */
export async function startProxy(): Promise<TestProxy> {
  const forwarded: string[] = [];
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '');
    forwarded.push(target.href);
    const upstream = httpRequest(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    tunnels.push(target);
    const [host = '', port = '80'] = target.split(':');
    const upstream = netConnect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    tunnels,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await shut(server);
    },
  };
}
