import type { ClientContext } from './client.jobs.ts';

/*
 * The account plane (decisions G17, G18, G30, G31). It takes the dashboard session token, never
 * the API key: construct the client with `sessionToken`, or `login` and then `withSession`.
 */

/** `GET /v1/account/credits`. */
export interface AccountCredits {
  error: false;
  balance: number;
  reserved: number;
  /** null: nothing limits spending (overage on, no budget cap). */
  available: number | null;
  spent_this_month: number;
  overage: boolean;
  budget_cap: number | null;
}

/** `GET /v1/account/plan`. */
export interface AccountPlan {
  error: false;
  plan: 'self-serve' | 'enterprise';
  sources: 'all' | string[];
  cache_reuse: boolean;
}

/** One ledger entry of `GET /v1/account/billing`. */
export interface BillingEntry {
  at: string;
  kind: string;
  amount: number;
  job_id: string | null;
  balance_after: number;
}

/** `GET /v1/account/billing`. */
export interface BillingPage {
  error: false;
  entries: BillingEntry[];
  next_cursor: string | null;
}

/** `GET /v1/account/billing?group=day`. */
export interface BillingDays {
  error: false;
  days: Array<{ date: string; spent: number }>;
}

/** An API key as the account plane lists it: never its hash or raw value. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The answer of creating or rotating a key: the raw `api_key`, shown only here. */
export interface IssuedApiKey {
  error: false;
  key: ApiKeyRecord;
  api_key: string;
}

/** The spending setting (decisions G16, C5). */
export interface SpendingSettings {
  error: false;
  overage: boolean;
  budget_cap: number | null;
}

/** A cursor page of `GET /v1/account/jobs` or `/audit`; entries as the service lists them. */
export interface AccountListPage {
  error: false;
  next_cursor: string | null;
  [list: string]: unknown;
}

/** `POST /v1/auth/login` and `/refresh` (decisions G30). */
export interface SessionTokens {
  error: false;
  token: string;
  token_type: 'Bearer';
  expires_in: number;
  /** Single-use: trade it with `refresh`, end the login with `logout`. */
  refresh_token: string;
}

/** The account plane, authenticated with the dashboard session token. */
export class AccountApi {
  constructor(private readonly context: ClientContext) {}

  private get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    return this.context.transport.send<T>({ method: 'GET', path, query, auth: 'session' });
  }

  /** Logs a dashboard user in; answers the session token (pass it to `withSession`). */
  login(credentials: { email: string; password: string }): Promise<SessionTokens> {
    return this.context.transport.send<SessionTokens>({
      method: 'POST',
      path: '/v1/auth/login',
      body: credentials,
      auth: 'none',
    });
  }

  /**
   * Trades a refresh token for a new session token and a new refresh token; the old one is used
   * up, so a refresh whose answer was lost is not resent (see docs/client.md, Retries).
   */
  refresh(refreshToken: string): Promise<SessionTokens> {
    return this.context.transport.send<SessionTokens>({
      method: 'POST',
      path: '/v1/auth/refresh',
      body: { refresh_token: refreshToken },
      auth: 'none',
    });
  }

  /**
   * Ends the login of `refreshToken`: it and every session token of that login stop working.
   * Not resent after a lost answer: a repeat would meet the dead token and answer 401.
   */
  logout(refreshToken: string): Promise<{ error: false }> {
    return this.context.transport.send<{ error: false }>({
      method: 'POST',
      path: '/v1/auth/logout',
      body: { refresh_token: refreshToken },
      auth: 'none',
    });
  }

  credits(): Promise<AccountCredits> {
    return this.get('/v1/account/credits');
  }

  plan(): Promise<AccountPlan> {
    return this.get('/v1/account/plan');
  }

  /** The usage ledger, newest first, by cursor. */
  billing(query: { limit?: number; cursor?: string } = {}): Promise<BillingPage> {
    return this.get('/v1/account/billing', query);
  }

  /** Credits spent per day. */
  billingByDay(): Promise<BillingDays> {
    return this.get('/v1/account/billing', { group: 'day' });
  }

  async listApiKeys(): Promise<ApiKeyRecord[]> {
    return (await this.get<{ keys: ApiKeyRecord[] }>('/v1/account/api-keys')).keys;
  }

  createApiKey(name: string): Promise<IssuedApiKey> {
    return this.context.transport.send<IssuedApiKey>({
      method: 'POST',
      path: '/v1/account/api-keys',
      body: { name },
      auth: 'session',
    });
  }

  /** Issues a replacement and revokes the old key at once. */
  rotateApiKey(keyId: string): Promise<IssuedApiKey> {
    return this.context.transport.send<IssuedApiKey>({
      method: 'POST',
      path: `/v1/account/api-keys/${encodeURIComponent(keyId)}/rotate`,
      auth: 'session',
    });
  }

  async revokeApiKey(keyId: string): Promise<ApiKeyRecord> {
    const answer = await this.context.transport.send<{ key: ApiKeyRecord }>({
      method: 'DELETE',
      path: `/v1/account/api-keys/${encodeURIComponent(keyId)}`,
      auth: 'session',
    });
    return answer.key;
  }

  spending(): Promise<SpendingSettings> {
    return this.get('/v1/account/budget-cap');
  }

  /** Changes overage and/or the monthly budget cap (`null` removes the cap). */
  updateSpending(changes: { overage?: boolean; budget_cap?: number | null }): Promise<SpendingSettings> {
    return this.context.transport.send<SpendingSettings>({
      method: 'PATCH',
      path: '/v1/account/budget-cap',
      body: changes,
      auth: 'session',
    });
  }

  /** The account's jobs, newest first. */
  jobs(query: { kind?: 'batch' | 'stream'; limit?: number; cursor?: string } = {}): Promise<AccountListPage> {
    return this.get('/v1/account/jobs', query);
  }

  /** Key and spending changes with who and when. */
  audit(query: { limit?: number; cursor?: string } = {}): Promise<AccountListPage> {
    return this.get('/v1/account/audit', query);
  }
}
