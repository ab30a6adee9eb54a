/**
 * What crosses between the pool and its threads. Functions cannot cross, so a call names its
 * function; errors cannot keep their class, so they cross as name and message and the crawl errors
 * are rebuilt (the engine and the drivers branch on `PageParseError`, `classifyCrawlError` on the others).
 */
import { CrawlTimeoutError, PageParseError, SourceUnavailableError } from '../crawl/crawl.errors.ts';

/** One call: run the registered function `name` on `input`. */
export interface ComputeCall {
  id: number;
  name: string;
  input: unknown;
}

/** An error as it crosses a thread. */
export interface SentError {
  name: string;
  message: string;
}

/** The answer to a call. */
export type ComputeAnswer = { id: number; output: unknown } | { id: number; error: SentError };

/** `error` as it crosses a thread. */
export function sendError(error: unknown): SentError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

const CRAWL_ERRORS: Record<string, new (message: string) => Error> = {
  PageParseError,
  SourceUnavailableError,
  CrawlTimeoutError,
};

/** The error a thread sent, as the class it was when it is a crawl error, else a plain `Error`. */
export function receiveError(sent: SentError): Error {
  const CrawlError = CRAWL_ERRORS[sent.name];
  if (CrawlError) return new CrawlError(sent.message);
  const error = new Error(sent.message);
  error.name = sent.name;
  return error;
}
