/**
 * JSON bodies parsed as they arrive (issue 22, point 3). Fastify's own JSON parser gathers the whole
 * body, decodes it into one string and hands it to `JSON.parse`: for a 100 MB submission that is one
 * synchronous step of seconds on a loaded machine, during which no other request (a health probe)
 * is answered, and the 100 MB string and the parsed object are alive at once. Here the body is fed
 * to `@streamparser/json` (a dependency-free streaming parser that follows `JSON.parse`) in slices,
 * with a turn of the event loop between two slices, and the raw bytes are dropped as soon as they
 * are parsed. What the caller sees is unchanged: the same value, the same limits and the same
 * errors (the 413 of the body limit, "Body cannot be empty", "Body is not valid JSON", the refusal
 * of `__proto__` and `constructor.prototype` keys that Fastify's parser makes), after which the
 * route's schema checks the value as before.
 */
import { JSONParser } from '@streamparser/json';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { yieldToEventLoop } from '../../platform/lib/chunks.ts';

/** Bytes decoded and parsed between two turns of the event loop (a few milliseconds of work). */
export const PARSE_SLICE_BYTES = 128 * 1024;

type Payload = NodeJS.ReadableStream & { receivedEncodedLength?: number };
type Done = (error: Error | null, body?: unknown) => void;

/** Replaces the `application/json` parser of `scope` (and the scopes inside it) by the streaming one. */
export function installStreamingJsonParser(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', (request, payload, done) =>
    parseJsonBody(request, payload as Payload, done as Done),
  );
}

/** The key names Fastify's parser refuses (its default `onProtoPoisoning`/`onConstructorPoisoning`). */
function poisoned(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'object' && item !== null && poisoned(item)) return true;
    return false;
  }
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  const record = value as Record<string, unknown>;
  const constructor = Object.hasOwn(record, 'constructor') ? record.constructor : undefined;
  if (typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype'))
    return true;
  return Object.values(record).some(
    (inner) => typeof inner === 'object' && inner !== null && poisoned(inner),
  );
}

function parseJsonBody(request: FastifyRequest, payload: Payload, done: Done): void {
  const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const parser = new JSONParser({ paths: ['$'], keepStack: false });
  let body: unknown;
  let parseError: unknown;
  parser.onValue = ({ value }) => {
    body = value;
  };
  parser.onError = (error) => {
    parseError = error;
  };
  let received = 0;
  let settled = false;
  // Slices already handed over but not yet parsed; `end` waits for them.
  let parsing: Promise<void> = Promise.resolve();

  const settle = (error: Error | null, value?: unknown) => {
    if (settled) return;
    settled = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onStreamError);
    // A refused body is still read (and dropped) by the lingering close, which needs it flowing:
    // a 'data' listener does not restart a stream that was paused explicitly.
    if (error !== null) payload.resume();
    done(error, value);
  };

  // Bytes that are not UTF-8 become U+FFFD, as Fastify's `toString('utf8')` of the body made them;
  // a character split between two chunks is kept whole.
  const decoder = new TextDecoder('utf-8');

  /** Hands decoded text to the parser; only whitespace may follow the value, as with JSON.parse. */
  const feed = (text: string) => {
    if (text === '' || parseError !== undefined) return;
    if (!parser.isEnded) parser.write(text);
    else if (/\S/.test(text)) parseError = new Error('data after the value');
  };

  /** Decodes and parses `chunk` a slice at a time, with a turn of the event loop between slices. */
  const parseChunk = async (chunk: Buffer) => {
    for (let at = 0; at < chunk.length && !settled && parseError === undefined; at += PARSE_SLICE_BYTES) {
      if (at > 0) await yieldToEventLoop();
      feed(decoder.decode(chunk.subarray(at, at + PARSE_SLICE_BYTES), { stream: true }));
    }
  };

  function onData(data: Buffer | string) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    received += chunk.length;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      settle(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    // Broken JSON is answered once the whole body arrived, as Fastify does, so that a body over the
    // limit is still a 413 whatever it holds.
    if (parseError !== undefined) return;
    // No more chunks arrive until this one is parsed: the socket's own flow control holds the client.
    payload.pause();
    parsing = parsing
      .then(() => parseChunk(chunk))
      .then(() => {
        if (!settled) payload.resume();
      });
  }

  function onEnd() {
    void parsing.then(() => {
      if (settled) return;
      if (!Number.isNaN(declaredLength) && (payload.receivedEncodedLength ?? received) !== declaredLength) {
        settle(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      if (received === 0) {
        settle(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY());
        return;
      }
      feed(decoder.decode());
      if (parseError === undefined && !parser.isEnded) parser.end();
      if (parseError !== undefined || body === undefined || poisoned(body)) {
        settle(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY());
        return;
      }
      settle(null, body);
    });
  }

  function onStreamError(error: Error & { statusCode?: number }) {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    settle(error);
  }

  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onStreamError);
  payload.resume();
}
