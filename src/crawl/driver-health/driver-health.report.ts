/** The last hour of driver health per source and country, as `npx pricecrawl drivers` prints it. */
import type { Db } from '../../platform/db/database.ts';
import { listDriverHealthSince } from './driver-health.repository.ts';
import { PAGE_OUTCOMES, type PageOutcome } from './driver-health.ts';

/** One (source, country) over the window. */
export interface DriverHealthLine {
  source: string;
  country: string;
  pages: Record<PageOutcome, number>;
  /** Share of pages not read by the driver itself (fell back, blocked or failed), 0..1. */
  trouble_rate: number;
  /** The most frequent reasons, most first. */
  top_reasons: Array<{ outcome: PageOutcome; reason: string; pages: number }>;
}

const TOP_REASONS = 3;

/** Sums the rows of the last `windowMinutes` (default an hour) per source and country. */
export async function driverHealthReport(
  db: Db,
  options: { nowMs?: number; windowMinutes?: number } = {},
): Promise<DriverHealthLine[]> {
  const nowMinute = Math.floor((options.nowMs ?? Date.now()) / 60_000);
  const rows = await listDriverHealthSince(db, nowMinute - (options.windowMinutes ?? 60) + 1);
  const lines = new Map<string, DriverHealthLine & { reasons: Map<string, number> }>();
  for (const row of rows) {
    const key = `${row.source}\t${row.country}`;
    let line = lines.get(key);
    if (!line) {
      const pages = Object.fromEntries(PAGE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
        PageOutcome,
        number
      >;
      line = {
        source: row.source,
        country: row.country,
        pages,
        trouble_rate: 0,
        top_reasons: [],
        reasons: new Map(),
      };
      lines.set(key, line);
    }
    const outcome = row.outcome as PageOutcome;
    line.pages[outcome] += row.pages;
    if (row.reason !== '') {
      const reasonKey = `${outcome}\t${row.reason}`;
      line.reasons.set(reasonKey, (line.reasons.get(reasonKey) ?? 0) + row.pages);
    }
  }
  return [...lines.values()]
    .map(({ reasons, ...line }) => {
      const total = PAGE_OUTCOMES.reduce((sum, outcome) => sum + line.pages[outcome], 0);
      const trouble = total - line.pages.read;
      const top = [...reasons]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP_REASONS)
        .map(([key, pages]) => {
          const [outcome, reason] = key.split('\t') as [PageOutcome, string];
          return { outcome, reason, pages };
        });
      return {
        ...line,
        trouble_rate: total === 0 ? 0 : Math.round((trouble / total) * 1000) / 1000,
        top_reasons: top,
      };
    })
    .sort((a, b) => a.source.localeCompare(b.source) || a.country.localeCompare(b.country));
}
