import type { ColumnType, Selectable } from 'kysely';

/** Plans of spec part 5: self-serve (every source, gated by credits) or enterprise (listed pairs). */
export type Plan = 'self-serve' | 'enterprise';

export interface AccountsTable {
  id: string;
  name: string;
  plan: Plan;
  /** 1 when the account may be re-served observations within `max_age` (spec 2.1). */
  cache_reuse: number;
  status: 'active' | 'suspended';
  overage: number;
  budget_cap: number | null;
  created_at: string;
}

export interface AccountSourcesTable {
  account_id: string;
  source: string;
  country: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** Hex SHA-256 of the raw key; the raw key is never stored. */
  key_hash: string;
  /** First characters of the key, for telling keys apart in listings. */
  key_prefix: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
  /** When the key last authenticated a data request (updated at most once a minute). */
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LegacyCredentialsTable {
  account_id: string;
  username: string;
  /** scrypt hash `scrypt$<salt hex>$<hash hex>`. */
  password_hash: string;
  created_at: string;
  /** Generation of the service JWT: only a token carrying this number verifies (`gen` claim). */
  jwt_generation: number;
}

export type Account = Selectable<AccountsTable>;
