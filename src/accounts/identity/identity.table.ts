import type { Selectable } from 'kysely';

/** A dashboard user (decisions G30): belongs to one account; `disabled` users cannot sign in. */
export interface UsersTable {
  id: string;
  account_id: string;
  /** Lower-cased address; one address is one user. */
  email: string;
  /** scrypt hash `scrypt$<salt hex>$<hash hex>`; null for users known only through OIDC. */
  password_hash: string | null;
  status: 'active' | 'disabled';
  created_at: string;
  updated_at: string;
}

/**
 * A refresh token, stored as its SHA-256 only. Tokens of one login share a `family_id`, which is
 * also the session JWT's `sid`: rotating marks the old token used; presenting a used token again,
 * or logging out, revokes the whole family, and with it every session token issued from it.
 */
export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** A session signing key pair as JWKs; `retired_at` set once another key signs. */
export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: string;
  private_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export type User = Selectable<UsersTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
export type SigningKey = Selectable<SigningKeysTable>;
