import { randomUUID } from 'node:crypto';
import type {
  AccountCredits,
  AccountDeliveriesPage,
  AccountHistoryPage,
  AccountJobDetail,
  AccountJobDownload,
  AccountJobsPage,
  AccountJobsQuery,
  AccountMe,
  AccountPlan,
  AccountReplayAllResponse,
  AccountReplayResponse,
  AccountResultsPage,
  AccountResultsQuery,
  AccountRunsPage,
  AccountSources,
  AccountSubmitJobResponse,
  ApiKeyRecord,
  AuditPage,
  BillingDays,
  BillingPage,
  IssuedApiKey,
  SessionTokens,
  SpendingChanges,
  SpendingSettings,
} from './client.account.types.ts';
import { historyQuery } from './client.history.ts';
import type { HistoryQuery } from './client.history.types.ts';
import type { ClientContext, SubmitOptions } from './client.jobs.ts';
import type { DeliveriesQuery, JobSubmission } from './client.types.ts';

/*
 * The account plane (decisions G17, G18, G30, G31, G39). It takes the dashboard session token as
 * `Authorization: Bearer`, never the API key: construct the client with `sessionToken`, or `login`
 * and then `withSession`. Bearer requests need no CSRF token (only the dashboard's cookie does).
 */

/** The account plane, authenticated with the dashboard session token. */
export class AccountApi {
  constructor(private readonly context: ClientContext) {}

  private get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    return this.context.transport.send<T>({ method: 'GET', path, query, auth: 'session' });
  }

  private post<T>(path: string): Promise<T> {
    return this.context.transport.send<T>({ method: 'POST', path, auth: 'session' });
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

  /** The signed-in user and their account. */
  me(): Promise<AccountMe> {
    return this.get('/v1/account/me');
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
  updateSpending(changes: SpendingChanges): Promise<SpendingSettings> {
    return this.context.transport.send<SpendingSettings>({
      method: 'PATCH',
      path: '/v1/account/budget-cap',
      body: changes,
      auth: 'session',
    });
  }

  /** The account's batch and stream jobs, newest first, by cursor. */
  jobs(query: AccountJobsQuery = {}): Promise<AccountJobsPage> {
    return this.get('/v1/account/jobs', query);
  }

  /** Key and spending changes with who and when. */
  audit(query: { limit?: number; cursor?: string } = {}): Promise<AuditPage> {
    return this.get('/v1/account/audit', query);
  }

  /**
   * Submits a batch or interval job for the session's account, as `jobs.submit` does with the API
   * key (same body, checks, credits and answer), with an `Idempotency-Key` reused by its retries.
   */
  submitJob(submission: JobSubmission, options: SubmitOptions = {}): Promise<AccountSubmitJobResponse> {
    return this.context.transport.send<AccountSubmitJobResponse>({
      method: 'POST',
      path: '/v1/account/jobs',
      body: submission,
      headers: { 'idempotency-key': options.idempotencyKey ?? randomUUID() },
      auth: 'session',
      signal: options.signal,
    });
  }

  /** One job's progress; a stream job's also counts its deliveries by status. */
  job(jobId: string): Promise<AccountJobDetail> {
    return this.get(`/v1/account/jobs/${encodeURIComponent(jobId)}`);
  }

  /** A job's results so far with their values, in submission order (an interval job's latest run, or `run_id`). */
  jobResults(jobId: string, query: AccountResultsQuery = {}): Promise<AccountResultsPage> {
    return this.get(`/v1/account/jobs/${encodeURIComponent(jobId)}/results`, query);
  }

  /** An interval job's runs, newest first. */
  jobRuns(jobId: string, query: { limit?: number } = {}): Promise<AccountRunsPage> {
    return this.get(`/v1/account/jobs/${encodeURIComponent(jobId)}/runs`, query);
  }

  /** A finished job's results as JSON (`{error:true}` answers such as `job not finished` throw). */
  downloadJob(jobId: string): Promise<AccountJobDownload> {
    return this.get(`/v1/account/jobs/${encodeURIComponent(jobId)}/download`, { format: 'json' });
  }

  /** A finished job's results as CSV text, the columns of `jobs.downloadCsv`. */
  downloadJobCsv(jobId: string): Promise<string> {
    return this.context.transport.send<string>({
      method: 'GET',
      path: `/v1/account/jobs/${encodeURIComponent(jobId)}/download`,
      query: { format: 'csv' },
      auth: 'session',
      expect: 'text',
    });
  }

  /** A batch job's (an interval run's) or, with `kind: 'stream'`, a stream job's webhook deliveries. */
  deliveries(
    jobId: string,
    query: DeliveriesQuery & { kind?: 'batch' | 'stream' } = {},
  ): Promise<AccountDeliveriesPage> {
    const { kind, offset, limit, status } = query;
    return this.get(`/v1/account/${planeOf(kind)}/${encodeURIComponent(jobId)}/deliveries`, {
      offset,
      limit,
      status,
    });
  }

  /** Moves every dead-lettered delivery of a batch (or, with `'stream'`, stream) job back to `pending`. */
  replayAll(jobId: string, kind: 'batch' | 'stream' = 'batch'): Promise<AccountReplayAllResponse> {
    return this.post(`/v1/account/${planeOf(kind)}/${encodeURIComponent(jobId)}/replay-all`);
  }

  /** Re-sends one delivery now with a fresh attempt budget, keeping its id (decisions G8). */
  replay(deliveryId: string): Promise<AccountReplayResponse> {
    return this.post(`/v1/account/deliveries/${encodeURIComponent(deliveryId)}/replay`);
  }

  /** One page of a value's price history in the account, as `history.get`. */
  history(query: HistoryQuery): Promise<AccountHistoryPage> {
    return this.get('/v1/account/history', historyQuery(query, 'json'));
  }

  /** The same page as CSV text. */
  historyCsv(query: HistoryQuery): Promise<string> {
    return this.context.transport.send<string>({
      method: 'GET',
      path: '/v1/account/history',
      query: historyQuery(query, 'csv'),
      auth: 'session',
      expect: 'text',
    });
  }

  /** The sources the account may use, with their countries, keys and topics. */
  sources(): Promise<AccountSources> {
    return this.get('/v1/account/sources');
  }
}

/** The path segment of a job kind's delivery routes. */
function planeOf(kind: 'batch' | 'stream' = 'batch'): 'jobs' | 'streams' {
  return kind === 'stream' ? 'streams' : 'jobs';
}
