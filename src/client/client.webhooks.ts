/**
 * Webhook bodies of change alerts (decisions G40, docs/change-alerts.md): what an interval job with
 * `deliver: "changes"` sends for each run.
 */

/** What each run of an interval job delivers: every result (`all`, default) or only changes. */
export type DeliverMode = 'all' | 'changes';

/** `previous` of a delivered change: the value's figures as its previous run left them (decisions G40). */
export interface ChangePrevious {
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
  availability: string | null;
  buybox_price: number | null;
  /** When the previous run observed them; null when no earlier run had observed the value. */
  observed_at: string | null;
}

/**
 * One element of `results` in a webhook delivery of a `deliver: "changes"` run (decisions G40, C9):
 * a result that changed, with what it replaced (`previous` null the first time a value is seen).
 */
export interface ChangeDeliveryResult {
  key: string;
  index: number;
  completed_at: string | null;
  result: Record<string, unknown> | null;
  previous: ChangePrevious | null;
}
