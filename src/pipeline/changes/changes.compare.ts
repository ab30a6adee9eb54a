/**
 * What counts as a change (decisions G40): a value's price figures, availability, buy-box price or
 * offer count differ from the value's previous run. Pure: the recording transaction
 * (`changes.record.ts`) feeds it the stored baseline and stores what it decides.
 */
import { isRecord } from '../../crawl/trust/content.ts';
import type { ResultItem } from '../work/work.table.ts';
import { priceFiguresOf } from './changes.figures.ts';

/** The figures a run compares, as the value's result shows them. */
export interface ChangeFigures {
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
  availability: string | null;
  buybox_price: number | null;
  offers_count: number | null;
}

/** A value's figures as its previous run left them; `observed_at` null: no run has observed it yet. */
export interface Baseline extends ChangeFigures {
  observed_at: string | null;
}

/** `previous` of a delivered change (decisions G40), null for a value seen for the first time. */
export interface Previous {
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
  availability: string | null;
  buybox_price: number | null;
  observed_at: string | null;
}

/** What a run does with one value's result. */
export interface ChangeDecision {
  /** Whether the result goes into the run's delivery. */
  deliver: boolean;
  previous: Previous | null;
  /** The baseline the next run compares with; `undefined` keeps the stored one. */
  baseline: Baseline | undefined;
}

const COMPARED = [
  'price_min',
  'price_max',
  'price_avg',
  'availability',
  'buybox_price',
  'offers_count',
] as const satisfies readonly (keyof ChangeFigures)[];

/** The content's availability, else its first offer's: sources state it at one level or the other. */
function availabilityOf(content: Record<string, unknown> | null): string | null {
  if (content === null) return null;
  if (typeof content.availability === 'string') return content.availability;
  const first = Array.isArray(content.offers) ? (content.offers[0] as unknown) : undefined;
  return isRecord(first) && typeof first.availability === 'string' ? first.availability : null;
}

/** The compared figures of a result; a `not found` has no prices and 0 offers. */
export function changeFiguresOf(item: ResultItem): ChangeFigures {
  const notFound = item.success && item.reason === 'not found';
  const figures = priceFiguresOf(notFound ? null : item.content, notFound);
  return {
    price_min: figures.price_min,
    price_max: figures.price_max,
    price_avg: figures.price_avg,
    availability: notFound ? null : availabilityOf(item.content),
    buybox_price: figures.buybox_price,
    offers_count: figures.offers_count,
  };
}

/** Whether any compared figure differs. */
export function figuresDiffer(a: ChangeFigures, b: ChangeFigures): boolean {
  return COMPARED.some((field) => a[field] !== b[field]);
}

function previousOf(baseline: Baseline): Previous {
  const { price_min, price_max, price_avg, availability, buybox_price, observed_at } = baseline;
  return { price_min, price_max, price_avg, availability, buybox_price, observed_at };
}

/**
 * Decides one value of a run. A value no run has observed yet (the job's first run, a value that
 * only failed so far) is delivered with `previous: null` when it succeeds, and once when it first
 * fails. A failed result (`success:false`: timeout, source unavailable) of a value already known is
 * no observation: nothing is delivered and the baseline stays, so a passing outage never reads as a
 * price move. A successful result is a change when a compared figure differs from the baseline.
 */
export function decideChange(
  stored: Baseline | undefined,
  item: ResultItem,
  recordedAt: string,
): ChangeDecision {
  if (!item.success) {
    if (stored) return { deliver: false, previous: null, baseline: undefined };
    const unobserved: Baseline = {
      price_min: null,
      price_max: null,
      price_avg: null,
      availability: null,
      buybox_price: null,
      offers_count: null,
      observed_at: null,
    };
    return { deliver: true, previous: null, baseline: unobserved };
  }
  const figures = changeFiguresOf(item);
  // A result without its own observation time was observed as it was recorded.
  const baseline: Baseline = { ...figures, observed_at: item.observed_at ?? recordedAt };
  if (!stored || stored.observed_at === null) return { deliver: true, previous: null, baseline };
  return { deliver: figuresDiffer(stored, figures), previous: previousOf(stored), baseline };
}
