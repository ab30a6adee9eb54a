/** Ledger entry kinds: the balance is the sum of signed amounts, never a mutable column. */
export type LedgerKind = 'grant' | 'reserve' | 'charge' | 'release' | 'overage';

/**
 * One ledger entry. `amount` is signed: grants and releases add; reserves, charges and overage
 * subtract. A charge is spending covered by granted credits; overage is spending past them (the
 * account's overage setting). The `*_after` columns are the account's running totals after this
 * entry, written under the account's credit lock and re-derived by `verifyAccountLedger`.
 */
export interface CreditLedgerTable {
  id: string;
  account_id: string;
  kind: LedgerKind;
  amount: number;
  job_id: string | null;
  value_index: number | null;
  note: string | null;
  created_at: string;
  /** 1, 2, 3… per account, in the order the entries were written. */
  seq: number;
  /** Sum of every amount of the account up to this entry. */
  balance_after: number;
  /** Credits held by reservations (reserved minus released) after this entry. */
  held_after: number;
  /** Calendar month (UTC, `YYYY-MM`) of `created_at`. */
  month: string;
  /** Credits charged plus overage in `month` up to this entry (the budget cap's count). */
  month_spent_after: number;
}
