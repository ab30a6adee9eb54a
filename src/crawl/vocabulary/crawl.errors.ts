/**
 * Errors a crawl can end in. The worker reads them in one place (`classifyCrawlError`) to pick the
 * value's `reason`; anything else is treated as a transient source failure.
 */
import { lookupTable } from '../../platform/lib/lookup.ts';

/** Retries are exhausted or the source answered in a way no retry fixes for now. */
export class SourceUnavailableError extends Error {
  override readonly name: string = 'SourceUnavailableError';
}

/**
 * The service refused to fetch (or to keep) a page it was asked for: a crawl target whose address
 * the rules forbid, a URL robots.txt disallows, a body over the size limit (decisions G35). The
 * message is a sentence for the user: the result's `reason_detail` (G37). Not charged.
 */
export class CrawlRefusedError extends SourceUnavailableError {
  override readonly name = 'CrawlRefusedError';
}

/** The value's deadline (job `timeout`) passed while crawling. */
export class CrawlTimeoutError extends Error {
  override readonly name = 'CrawlTimeoutError';
}

/** Per-value result reasons that a crawl failure maps to (spec part 7). */
export type CrawlFailureReason = 'source currently unavailable' | 'timeout';

/** Maps any error thrown while crawling a value to the reason recorded on its result. */
export function classifyCrawlError(error: unknown): CrawlFailureReason {
  return error instanceof CrawlTimeoutError ? 'timeout' : 'source currently unavailable';
}

/** A driver could not parse a page (truncated or garbled HTML); the engine retries the whole value. */
export class PageParseError extends Error {
  override readonly name = 'PageParseError';
}

/**
 * Every crawl error class by name, for code that rebuilds an error from its name (a compute
 * thread's answer crosses as name and message): a new crawl error class belongs here too.
 */
export const CRAWL_ERROR_CLASSES: Readonly<Record<string, new (message: string) => Error>> = lookupTable({
  SourceUnavailableError,
  CrawlRefusedError,
  CrawlTimeoutError,
  PageParseError,
});
