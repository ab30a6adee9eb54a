import type { Selectable } from 'kysely';
import type { DeliverMode } from '../work/work.table.ts';

/** The `deliver` choices, in the order the API lists them. */
export const DELIVER_MODES: readonly DeliverMode[] = ['all', 'changes'];

/**
 * One value of a `deliver: "changes"` interval job as its previous run left it: what the next run
 * compares with (decisions G40). Written in the transaction that records the run's result.
 */
export interface ChangeBaselinesTable {
  /** The interval job (not the run). */
  job_id: string;
  value: string;
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
  availability: string | null;
  buybox_price: number | null;
  offers_count: number | null;
  /** When the figures were observed; null while no run has observed the value (only failures). */
  observed_at: string | null;
  /** The run that wrote the baseline. */
  run_id: string;
}

/**
 * A result of a run that its delivery carries as a change, with the figures it replaced (JSON of
 * `previous`, or null for a value seen for the first time). Written with the result itself, so the
 * delivery built from it is the same on every attempt and after a restart.
 */
export interface ValueChangesTable {
  /** The run. */
  job_id: string;
  idx: number;
  previous: string | null;
}

export type ChangeBaseline = Selectable<ChangeBaselinesTable>;
