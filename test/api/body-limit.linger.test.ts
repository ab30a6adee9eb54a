import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { after, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/harness.ts';

const LIMIT = 65_536;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface Exchange {
  /** Body bytes the client wrote before it stopped or the connection ended. */
  sent: number;
  /** Everything the server answered. */
  answer: string;
  /** A socket error the client saw (EPIPE, ECONNRESET), '' when none. */
  error: string;
  /** Whether the server ended the connection with a FIN the client read. */
  ended: boolean;
}

/**
 * A client on loopback that sends `total` body bytes of a `POST /job` as fast as the server takes
 * them and keeps sending after the answer (half-open, as a client that writes its body before it
 * reads does), then ends. `pauseMs` waits between chunks, for a client that trickles.
 */
async function sendOversized(
  harness: Harness,
  options: { total: number; chunked?: boolean; pauseMs?: number; chunk?: Buffer },
): Promise<Exchange> {
  const { key } = await harness.account();
  const port = (harness.app.server.address() as AddressInfo).port;
  const chunk = options.chunk ?? CHUNK;
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const exchange: Exchange = { sent: 0, answer: '', error: '', ended: false };
  socket.on('data', (data) => (exchange.answer += data.toString()));
  socket.on('end', () => (exchange.ended = true));
  socket.on('error', (error: NodeJS.ErrnoException) => (exchange.error = error.code ?? String(error)));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  const length = options.chunked ? 'transfer-encoding: chunked' : `content-length: ${options.total}`;
  socket.write(
    `POST /job HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${key}\r\n` +
      `content-type: application/json\r\n${length}\r\n\r\n`,
  );
  const frame = options.chunked
    ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
    : chunk;
  while (exchange.sent < options.total && !socket.destroyed && !socket.writableEnded) {
    exchange.sent += chunk.length;
    const flushed = socket.write(frame);
    if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    else if (!flushed) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
  }
  if (!socket.destroyed) socket.end(options.chunked ? '0\r\n\r\n' : '');
  await closed;
  return exchange;
}

function assertAnswered413(exchange: Exchange): void {
  const [head = '', body = ''] = exchange.answer.split('\r\n\r\n');
  assert.match(head, /^HTTP\/1\.1 413 /);
  assert.match(head, /\r\nconnection: close\r\n/i);
  assert.deepEqual(JSON.parse(body), {
    error: true,
    message: `request body too large: the limit is ${LIMIT} bytes`,
  });
}

describe('a body over its limit: the 413 reaches a client that keeps sending (lingering close)', () => {
  const harnesses: Harness[] = [];
  async function serve(env: Record<string, string>): Promise<Harness> {
    const harness = await startHarness({ worker: false, env: { BODY_LIMIT_BYTES: String(LIMIT), ...env } });
    harnesses.push(harness);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    return harness;
  }
  after(async () => {
    for (const harness of harnesses) await harness.close();
  });

  it('reads and drops the rest of a declared length, then closes with a FIN, not a reset', async () => {
    const harness = await serve({});
    const total = 24 * 1024 * 1024;
    const exchange = await sendOversized(harness, { total });
    assert.equal(exchange.error, '', 'no EPIPE or ECONNRESET while the client was still sending');
    assert.equal(exchange.sent, total, 'the client could send its whole body');
    assert.equal(exchange.ended, true);
    assertAnswered413(exchange);
  });

  it('does the same for a chunked body', async () => {
    const harness = await serve({});
    const total = 24 * 1024 * 1024;
    const exchange = await sendOversized(harness, { total, chunked: true });
    assert.equal(exchange.error, '');
    assert.equal(exchange.sent, total);
    assert.equal(exchange.ended, true);
    assertAnswered413(exchange);
  });

  it('drops the connection once LINGER_MAX_BYTES were discarded', async () => {
    const harness = await serve({ LINGER_MAX_BYTES: String(1024 * 1024), LINGER_MAX_MS: '600000' });
    const total = 512 * 1024 * 1024;
    const exchange = await sendOversized(harness, { total });
    assert.ok(exchange.sent < total, `the server stopped reading (the client sent ${exchange.sent} bytes)`);
    assert.match(exchange.answer, /^HTTP\/1\.1 413 /);
  });

  it('drops the connection of a client that still sends LINGER_MAX_MS after the answer', async () => {
    const harness = await serve({ LINGER_MAX_MS: '200' });
    // 10 bytes every 20 ms: far below any byte bound; only the time bound ends it.
    const total = 1024 * 1024;
    const exchange = await sendOversized(harness, { total, pauseMs: 20, chunk: Buffer.alloc(10, 'a') });
    assert.ok(exchange.sent < total, `the server stopped reading (the client sent ${exchange.sent} bytes)`);
    assert.match(exchange.answer, /^HTTP\/1\.1 413 /);
  });
});
