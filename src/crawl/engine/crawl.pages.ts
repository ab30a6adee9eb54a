/**
 * The pages of one value's crawl as driver health sees them: the last few fetched pages are
 * remembered for the value's lifetime, so a page the parser failed on can be kept as evidence.
 */
import type { DriverHealthSink } from '../driver-health/driver-health.ts';
import { PageParseError } from '../vocabulary/crawl.errors.ts';
import type { FetchedPage, ValueQuery } from '../vocabulary/crawl.types.ts';

/** A value rarely needs more pages than this; older ones are forgotten first. */
const REMEMBERED_PAGES = 8;

/** Reports one value's pages to driver health (a no-op without a sink). */
export class PageMemory {
  private readonly pages = new Map<string, FetchedPage>();
  private last: FetchedPage | undefined;
  private fellBackOnce = false;

  constructor(
    private readonly query: ValueQuery,
    private readonly health: DriverHealthSink | undefined,
  ) {}

  /** Answers the fetch's page, remembering it. */
  async remember(fetching: Promise<FetchedPage>): Promise<FetchedPage> {
    const page = await fetching;
    if (this.health === undefined) return page;
    if (this.pages.size >= REMEMBERED_PAGES) this.pages.delete(this.pages.keys().next().value ?? '');
    this.pages.set(page.url, page);
    this.last = page;
    return page;
  }

  /** The driver's parser failed on `url` and the generic extractor read it. */
  fellBack(url: string, reason: string, extracted: Record<string, unknown> | undefined): void {
    this.fellBackOnce = true;
    const page = this.pages.get(url);
    this.report('fell_back', reason, page && { ...sampleOf(page, reason), fallback: extracted });
  }

  /** The driver answered; a value that fell back was counted then. */
  read(): void {
    if (!this.fellBackOnce) this.report('read');
  }

  /** The value failed with `cause`; a parser's error keeps the last page as evidence. */
  failed(cause: unknown): void {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    const page = cause instanceof PageParseError ? this.last : undefined;
    this.report('failed', reason, page && sampleOf(page, reason));
  }

  private report(
    outcome: 'read' | 'fell_back' | 'failed',
    reason?: string,
    sample?: ReturnType<typeof sampleOf> & { fallback?: Record<string, unknown> },
  ): void {
    const { source, country } = this.query;
    this.health?.record({ source, country, outcome, reason, sample });
  }
}

function sampleOf(page: FetchedPage, error: string) {
  return { url: page.url, status: page.status, body: page.body, error };
}
