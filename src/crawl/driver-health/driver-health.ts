/**
 * Driver health with evidence (issue 20): per source and country, how many pages drivers read,
 * fell back on, were blocked on and failed on, with the reasons. Counts are summed in memory and
 * written to the database every few seconds (so `npx pricecrawl drivers` sees every process of a
 * cluster); the failing pages themselves are kept on disk by the sample keeper.
 */
import type { Logger } from 'pino';
import type { DriverHealthTable } from './driver-health.table.ts';

/** What became of one page a driver needed. */
export type PageOutcome = 'read' | 'fell_back' | 'blocked' | 'failed';

export const PAGE_OUTCOMES: readonly PageOutcome[] = ['read', 'fell_back', 'blocked', 'failed'];

/** A failing page as evidence: never its headers or cookies. */
export interface PageSample {
  url: string;
  status: number;
  body: string;
  /** The parser's error, or the block page's kind. */
  error: string;
  /** What the generic extractor made of the page, when it fell back. */
  fallback?: Record<string, unknown>;
}

export interface PageEvent {
  source: string;
  country: string;
  outcome: PageOutcome;
  /** Why it was not read (parser error, block kind, failure class); absent for `read`. */
  reason?: string;
  sample?: PageSample;
}

/** Where the engine and the fetcher report pages. */
export interface DriverHealthSink {
  record(event: PageEvent): void;
}

export interface DriverHealthOptions {
  /** Writes summed counts (the repository's `addDriverHealthCounts` over the process's db). */
  writeCounts(rows: readonly DriverHealthTable[]): Promise<void>;
  /** Keeps a failing page on disk; absent, no page is kept. */
  keepSample?(event: PageEvent & { sample: PageSample }): Promise<void>;
  /** Told of every event (metrics). */
  onEvent?(event: PageEvent): void;
  flushIntervalMs: number;
  logger: Logger;
  now?: () => number;
}

export interface DriverHealth extends DriverHealthSink {
  /** Writes what is summed so far. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  close(): Promise<void>;
}

/**
 * Groups reasons that differ only in URLs, numbers and quoted text, so "price missing on
 * https://…/p/123" and "…/p/456" count as one reason.
 */
export function groupReason(reason: string): string {
  return reason
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/"[^"]*"|'[^']*'/g, '…')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
}

/** Creates the process's tracker; the timer does not keep the process alive. */
export function createDriverHealth(options: DriverHealthOptions): DriverHealth {
  const now = options.now ?? Date.now;
  let counts = new Map<string, DriverHealthTable>();
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), options.flushIntervalMs);
  timer.unref();

  function record(event: PageEvent): void {
    options.onEvent?.(event);
    const minute = Math.floor(now() / 60_000);
    const reason = event.reason === undefined ? '' : groupReason(event.reason);
    const key = [event.source, event.country, minute, event.outcome, reason].join('\t');
    const row = counts.get(key);
    if (row) row.pages += 1;
    else
      counts.set(key, {
        source: event.source,
        country: event.country,
        minute,
        outcome: event.outcome,
        reason,
        pages: 1,
      });
    if (event.sample && options.keepSample) {
      options.keepSample({ ...event, sample: event.sample }).catch((error: unknown) => {
        options.logger.warn({ err: error, source: event.source }, 'could not keep a failing page');
      });
    }
  }

  function flush(): Promise<void> {
    const rows = [...counts.values()];
    counts = new Map();
    // One write at a time: a slow database must not pile up overlapping upserts.
    writing = writing.then(() =>
      options.writeCounts(rows).catch((error: unknown) => {
        options.logger.warn({ err: error, rows: rows.length }, 'could not write driver health counts');
      }),
    );
    return writing;
  }

  return {
    record,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
