/**
 * Lingering close of a refused body (issue 22, point 7). A body over its limit is answered 413 before
 * it has arrived, and the connection is then closed. Closing a socket whose receive buffer still
 * holds the client's bytes makes the kernel send a reset, and a client that is still writing sees
 * EPIPE/ECONNRESET before it reads the answer. So, as mature servers do (Apache's lingering close,
 * nginx's `lingering_close`), the server sends the answer, half-closes its side, and reads and
 * discards what still comes, up to a bound of bytes and of time, before it lets the socket go.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How much of a refused body the server reads and drops after answering, and for how long. */
export interface LingerBounds {
  /** Bytes read and discarded after the answer; more and the connection is dropped. */
  maxBytes: number;
  /** Time from the answer until the connection is dropped if the client still sends. */
  maxMs: number;
}

type LingeringSocket = Socket & { destroySoon?: () => void };

/**
 * Installs the lingering close on `app`: for an answer that closes the connection (`Connection:
 * close`, as Fastify answers a body it refused) while the request's body has not all arrived.
 */
export function installLingeringClose(app: FastifyInstance, bounds: LingerBounds): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    const closes = String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
    if (closes && !raw.complete && raw.socket) lingerOn(raw.socket as LingeringSocket, raw, bounds);
    return payload;
  });
}

function lingerOn(socket: LingeringSocket, body: NodeJS.ReadableStream, bounds: LingerBounds): void {
  let discarded = 0;
  let timer: NodeJS.Timeout | undefined;
  const drop = () => socket.destroy();
  // Reading the body ourselves keeps the bytes flowing off the wire (and Node from dumping it).
  body.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bounds.maxBytes) drop();
  });
  body.on('error', () => {});
  socket.once('close', () => clearTimeout(timer));
  // Node's HTTP server calls destroySoon once a `Connection: close` answer is written: instead, end
  // our side (FIN after the answer) and keep reading until the client ends its side (the server's
  // sockets allow half-open connections, so its end then closes the socket) or a bound is reached.
  socket.destroySoon = () => {
    socket.end();
    timer = setTimeout(drop, bounds.maxMs);
    timer.unref();
  };
}
