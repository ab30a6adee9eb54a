/**
 * What crosses between the pool and its threads. Functions cannot cross, so a call names its
 * function; errors cannot keep their class, so they cross as name, message and stack, and the crawl
 * errors are rebuilt (the engine and the drivers branch on `PageParseError`, `classifyCrawlError`
 * on the others).
 */
import type { Worker } from 'node:worker_threads';
import { CRAWL_ERROR_CLASSES } from '../vocabulary/crawl.errors.ts';
import {
  lendPage,
  pageFromBytes,
  transferListOf,
  type PageInBytes,
  type ResponseBody,
} from '../fetcher/fetcher.page.ts';

/** One call: run the registered function `name` on `input`. */
export interface ComputeCall {
  id: number;
  name: string;
  input: unknown;
}

/** A call as it crosses: a fetched page still in bytes crosses as those (`page`), not as text. */
export type SentCall = ComputeCall | (Omit<ComputeCall, 'input'> & { page: PageInBytes });

/**
 * Posts `call` to a thread. A page the fetcher holds undecoded crosses as the chunks of its bytes,
 * whose memory is handed over: nothing is copied or cloned on this side, and the thread decodes it
 * (issue 23). Returns the body whose bytes are with the thread until its answer hands them back.
 */
export function postCall(worker: Worker, call: ComputeCall): ResponseBody | undefined {
  const lent = lendPage(call.input);
  if (lent === undefined) {
    worker.postMessage(call satisfies SentCall);
    return undefined;
  }
  const { input: _page, ...rest } = call;
  try {
    worker.postMessage({ ...rest, page: lent.page } satisfies SentCall, transferListOf(lent.page.chunks));
  } catch (error) {
    // Nothing crossed: the bytes are still here, and the call runs in place on them.
    lent.body.takeBack(lent.page.chunks);
    throw error;
  }
  return lent.body;
}

/** The call a thread received, its page rebuilt when it crossed as bytes, and those bytes. */
export function receivedCall(sent: SentCall): { call: ComputeCall; chunks?: Uint8Array[] } {
  if (!('page' in sent)) return { call: sent };
  const { page, ...rest } = sent;
  return { call: { ...rest, input: pageFromBytes(page) }, chunks: page.chunks };
}

/** An error as it crosses a thread. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
}

/**
 * The answer to a call: the function's result, the error it threw, or `unsent` when its result
 * could not cross (not plain data), so the pool runs that call in place instead. A call whose page
 * crossed as bytes hands them back in `chunks` (their memory transferred again), whatever the answer.
 */
export type ComputeAnswer = (
  { id: number; output: unknown } | { id: number; error: SentError } | { id: number; unsent: string }
) & { chunks?: Uint8Array[] };

/** `error` as it crosses a thread. */
export function sendError(error: unknown): SentError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/** The error a thread sent, as the class it was when it is a crawl error, else a plain `Error`. */
export function receiveError(sent: SentError): Error {
  const CrawlError = Object.hasOwn(CRAWL_ERROR_CLASSES, sent.name)
    ? CRAWL_ERROR_CLASSES[sent.name]
    : undefined;
  const error = CrawlError ? new CrawlError(sent.message) : new Error(sent.message);
  if (!CrawlError) error.name = sent.name;
  // The thread's stack says where the parser failed; the rebuilt error's own would name the pool.
  if (sent.stack !== undefined) error.stack = sent.stack;
  return error;
}
