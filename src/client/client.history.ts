import type { ClientContext } from './client.jobs.ts';
import type { HistoryPage, HistoryPoint, HistoryQuery } from './client.history.types.ts';

/** The query `GET /history` and `GET /v1/account/history` are sent: the known fields and `format`. */
export function historyQuery(query: HistoryQuery, format: 'json' | 'csv') {
  const { source, country, key, value, from, to, offset, limit } = query;
  return { source, country, key, value, from, to, offset, limit, format };
}

/** A value's price history in the caller's account (`GET /history`, docs/history.md). */
export class HistoryApi {
  constructor(private readonly context: ClientContext) {}

  /** One page of points, oldest first. */
  get(query: HistoryQuery): Promise<HistoryPage> {
    return this.context.transport.send<HistoryPage>({
      method: 'GET',
      path: '/history',
      query: historyQuery(query, 'json'),
      auth: 'api',
    });
  }

  /** One page of points as CSV text. */
  csv(query: HistoryQuery): Promise<string> {
    return this.context.transport.send<string>({
      method: 'GET',
      path: '/history',
      query: historyQuery(query, 'csv'),
      auth: 'api',
      expect: 'text',
    });
  }

  /** Every point matching the query, fetching page after page (`limit` per page, default 1 000). */
  async *points(query: HistoryQuery): AsyncGenerator<HistoryPoint> {
    const limit = query.limit ?? 1_000;
    for (let offset = query.offset ?? 0; ;) {
      const page = await this.get({ ...query, offset, limit });
      yield* page.points;
      offset += page.count;
      if (page.count < limit || offset >= page.total) return;
    }
  }
}
