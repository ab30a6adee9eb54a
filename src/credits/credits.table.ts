/** Ledger entry kinds: the balance is the sum of signed amounts, never a mutable column. */
export type LedgerKind = 'grant' | 'reserve' | 'charge' | 'release' | 'overage';

export interface CreditLedgerTable {
  id: string;
  account_id: string;
  kind: LedgerKind;
  /** Signed: grants and releases add, reserves subtract; charges are recorded against a reserve. */
  amount: number;
  job_id: string | null;
  value_index: number | null;
  note: string | null;
  created_at: string;
}
