import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import { invalid } from '../../platform/errors/app-error.ts';
import { valueKeyOf } from '../../pipeline/observations/observations.key.ts';
import { closedSet } from '../../pipeline/submissions/submissions.choices.ts';
import { SOURCE_ID_RANGE, type ValueKey } from '../../crawl/vocabulary/sources.types.ts';
import { countHistoryPoints, listHistoryPoints, type HistoryFilter } from './history.repository.ts';
import { type HistoryPoint, type HistoryQuery } from './history.schema.ts';

/** What reading a history needs from the process. */
export interface HistoryDeps {
  db: Db;
  catalogue: SourceCatalogue;
}

/** A page of a price history, as `GET /history` answers it in JSON. */
export interface HistoryPage {
  error: false;
  source: string;
  country: string;
  key: string;
  value: string;
  from: string | null;
  to: string | null;
  offset: number;
  limit: number;
  /** Points matching the query in all pages. */
  total: number;
  count: number;
  points: HistoryPoint[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * A time bound: an ISO-8601 date (`2025-03-01`, the whole day) or date-time with a zone. Answers
 * the instant where the bound starts and, for `to`, the exclusive instant where it ends.
 */
function parseBound(field: 'from' | 'to', raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const dateOnly = DATE_ONLY.test(raw);
  const parsed = Date.parse(dateOnly ? `${raw}T00:00:00Z` : raw);
  if ((!dateOnly && !DATE_TIME.test(raw)) || Number.isNaN(parsed)) {
    throw invalid(`${field} must be an ISO 8601 date (2025-03-01) or date-time with a zone`);
  }
  if (field === 'from') return new Date(parsed).toISOString();
  return new Date(parsed + (dateOnly ? DAY_MS : 1)).toISOString();
}

/** Checks a history query against the catalogue; answers the filter and page it asks for. */
export function historyFilterOf(
  deps: Pick<HistoryDeps, 'catalogue'>,
  account: Pick<Account, 'id'>,
  query: HistoryQuery,
): { filter: HistoryFilter; page: { offset: number; limit: number } } {
  const spec = deps.catalogue.get(query.source);
  if (!spec) {
    const ids = deps.catalogue.all().map((source) => source.id);
    throw invalid(
      `source must be one of ${SOURCE_ID_RANGE} (got ${JSON.stringify(query.source)})`,
      closedSet('source', query.source, ids),
    );
  }
  // decisions G37: a country code in any letter case.
  const country = query.country.toLowerCase();
  if (!spec.countries.includes(country)) {
    throw invalid(
      `country ${JSON.stringify(query.country)} not supported by ${spec.id}`,
      closedSet('country', query.country, spec.countries),
    );
  }
  const keySpec = spec.keys[query.key as ValueKey];
  if (!keySpec) {
    throw invalid(
      `key ${JSON.stringify(query.key)} not supported by ${spec.id}`,
      closedSet('key', query.key, Object.keys(spec.keys)),
    );
  }
  if (query.format !== undefined && !['json', 'csv', 'xlsx'].includes(query.format)) {
    throw invalid(`format must be json, csv or xlsx (got ${JSON.stringify(query.format)})`);
  }
  const fromIso = parseBound('from', query.from);
  const untilIso = parseBound('to', query.to);
  if (fromIso !== undefined && untilIso !== undefined && fromIso >= untilIso) {
    throw invalid('from must be before to');
  }
  return {
    filter: {
      accountId: account.id,
      valueKey: valueKeyOf(spec.id, country, query.key, keySpec.canonical?.(query.value) ?? query.value),
      fromIso,
      untilIso,
    },
    page: { offset: query.offset, limit: query.limit },
  };
}

/** The caller's price history of one value, one page of it (docs/history.md). */
export async function readHistory(
  deps: HistoryDeps,
  account: Pick<Account, 'id'>,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const { filter, page } = historyFilterOf(deps, account, query);
  const [total, points] = await Promise.all([
    countHistoryPoints(deps.db, filter),
    listHistoryPoints(deps.db, filter, page),
  ]);
  return {
    error: false,
    source: query.source,
    country: query.country.toLowerCase(),
    key: query.key,
    value: query.value,
    from: query.from ?? null,
    to: query.to ?? null,
    offset: page.offset,
    limit: page.limit,
    total,
    count: points.length,
    points,
  };
}
