import type { FastifyInstance } from 'fastify';
import type { FetchFunction } from '../../src/client/client.http.ts';

/** One request exactly as the client sent it. */
export interface SentRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  /** The raw body, undefined when there was none. */
  body: string | undefined;
}

/**
 * A `fetch` for the client that routes every request into `app.inject` (no port) and records it,
 * so tests see the exact requests the client sends and the real service's answers.
 */
export function injectFetch(app: FastifyInstance, sent: SentRequest[] = []): FetchFunction {
  return async (input, init) => {
    const target = new URL(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url: target.pathname + target.search,
      headers,
      body,
    };
    sent.push(request);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
