/**
 * One HTTP exchange: a GET of one URL through one dispatcher, bounded by the per-request timeout
 * (headers and body together), the value's signal and the response-size cap. Redirects, retries and
 * classification are the caller's business.
 */
import type { Dispatcher } from 'undici';
import { loadUndici } from '../../platform/lib/undici.ts';
import { ACCEPT_ENCODING, readBodyCapped } from './fetcher.body.ts';
import { ResponseBody } from './fetcher.page.ts';
import { abortError, classifyTransportError, FetchFailure } from './fetcher.failures.ts';
import type { Session } from './fetcher.session.ts';

export interface ExchangeRequest {
  url: URL;
  /** Driver headers with lowercase names. */
  headers: Readonly<Record<string, string>>;
  session: Session;
  dispatcher: Dispatcher;
  /** The value's signal (its deadline). */
  signal: AbortSignal;
  requestTimeoutMs: number;
  maxResponseBytes: number;
  acceptLanguage: string;
  /** Sent instead of the session's browser user agent (the service's own, for chosen targets). */
  userAgent?: string;
}

/** The HTTP answer of an exchange: reported even when reading its body failed afterwards. */
export interface Answer {
  status: number;
  observedAt: Date;
  durationMs: number;
}

export interface ExchangeResponse extends Answer {
  headers: Record<string, string>;
  /** The bytes that arrived, decoded when read (`ResponseBody`). */
  body: ResponseBody;
}

function requestHeaders(input: ExchangeRequest): Record<string, string> {
  const { headers, session, url } = input;
  const jarCookie = session.cookies.header(url);
  const cookie = [headers.cookie, jarCookie].filter((part) => part !== undefined).join('; ');
  return {
    accept: 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8',
    'accept-language': input.acceptLanguage,
    ...headers,
    // The session owns identity and compression: rotation must change the user agent, and the body
    // reader must know every encoding it may get.
    'user-agent': input.userAgent ?? session.userAgent,
    'accept-encoding': ACCEPT_ENCODING,
    ...(cookie ? { cookie } : {}),
  };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * Performs the exchange. `onAnswer` is called once, as soon as the outcome of an exchange that got
 * an HTTP status is known (also when its body then failed), so provenance records every answer.
 * Throws `FetchFailure` (network, timeout, too_large) or the value's abort error.
 */
export async function exchange(
  input: ExchangeRequest,
  onAnswer: (answer: Answer) => void,
): Promise<ExchangeResponse> {
  const { request } = await loadUndici();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, input.requestTimeoutMs);
  const forwardAbort = (): void => controller.abort(input.signal.reason);
  input.signal.addEventListener('abort', forwardAbort, { once: true });
  const startedMs = performance.now();
  let answer: Answer | undefined;
  try {
    const response = await request(input.url, {
      dispatcher: input.dispatcher,
      method: 'GET',
      headers: requestHeaders(input),
      signal: controller.signal,
      headersTimeout: input.requestTimeoutMs,
      bodyTimeout: input.requestTimeoutMs,
    });
    answer = { status: response.statusCode, observedAt: new Date(), durationMs: 0 };
    input.session.cookies.store(input.url, response.headers['set-cookie']);
    const headers = flattenHeaders(response.headers);
    const length = Number(headers['content-length']);
    if (Number.isFinite(length) && length > input.maxResponseBytes) {
      response.body.destroy();
      throw new FetchFailure('too_large', `content-length ${length} exceeds ${input.maxResponseBytes} bytes`);
    }
    const chunks = await readBodyCapped(response.body, headers['content-encoding'], input.maxResponseBytes);
    const body = ResponseBody.ofBytes(chunks, headers['content-type']);
    return { ...answer, durationMs: Math.round(performance.now() - startedMs), headers, body };
  } catch (error) {
    if (input.signal.aborted) throw abortError(input.signal);
    if (timedOut)
      throw new FetchFailure('timeout', `no complete response within ${input.requestTimeoutMs} ms`);
    throw classifyTransportError(error);
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', forwardAbort);
    if (answer) onAnswer({ ...answer, durationMs: Math.round(performance.now() - startedMs) });
  }
}
