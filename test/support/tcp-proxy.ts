import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from './processes.ts';

/** A TCP proxy to a server that a test can cut (refuse and drop every connection) and restore. */
export interface TcpProxy {
  port: number;
  /** Routes `url` (a `postgres://` URL) through the proxy. */
  route(url: string): string;
  /** Closes the listener and drops every connection: the target is unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 to `targetHost:targetPort`. Its port comes from `freePort()`, outside
 * the range of `listen(0)` and outgoing connections: while cut, no neighbour can take it, so
 * `restore` can listen on it again.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const port = await freePort();

  function track(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  async function listen(): Promise<void> {
    const next = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    server = next;
  }

  async function cut(): Promise<void> {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await listen();
  return {
    port,
    route(url) {
      const routed = new URL(url);
      routed.hostname = '127.0.0.1';
      routed.port = String(port);
      return routed.toString();
    },
    cut,
    restore: listen,
    close: cut,
  };
}
