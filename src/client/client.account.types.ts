/**
 * The wire shapes of the account plane (`/v1/auth/*`, `/v1/account/*`; decisions G17, G18, G30,
 * G31, G39, docs/account.md) as the client receives them: parts of the types generated from the
 * service's OpenAPI document (client.openapi.ts).
 */
import type { ApiQuery, ApiRequestBody, ApiSuccess } from './client.openapi.ts';

/** `POST /v1/auth/login` and `/refresh` in the program form (decisions G30): the Bearer token. */
export type SessionTokens = Extract<ApiSuccess<'login'>, { token_type: 'Bearer' }>;

/** `GET /v1/account/me`: the signed-in user and their account. */
export type AccountMe = ApiSuccess<'getAccountMe'>;

/** `GET /v1/account/credits`; `available` null: nothing limits spending (overage on, no cap). */
export type AccountCredits = ApiSuccess<'getAccountCredits'>;

/** `GET /v1/account/plan`. */
export type AccountPlan = ApiSuccess<'getAccountPlan'>;

/** `GET /v1/account/billing`: the usage ledger by cursor. */
export type BillingPage = Extract<ApiSuccess<'getAccountBilling'>, { entries: unknown }>;

/** One ledger entry of `GET /v1/account/billing`. */
export type BillingEntry = BillingPage['entries'][number];

/** `GET /v1/account/billing?group=day`: credits spent per day. */
export type BillingDays = Extract<ApiSuccess<'getAccountBilling'>, { days: unknown }>;

/** An API key as the account plane lists it: never its hash or raw value. */
export type ApiKeyRecord = ApiSuccess<'listApiKeys'>['keys'][number];

/** The answer of creating or rotating a key: the raw `api_key`, shown only here. */
export type IssuedApiKey = ApiSuccess<'createApiKey'>;

/** The spending setting (decisions G16, C5). */
export type SpendingSettings = ApiSuccess<'getBudgetCap'>;

/** The change `updateSpending` sends: overage and/or the monthly cap (`null` removes it). */
export type SpendingChanges = ApiRequestBody<'updateBudgetCap'>;

/** Query of `GET /v1/account/jobs`: `kind`, `limit`, `cursor`. */
export type AccountJobsQuery = ApiQuery<'listAccountJobs'>;

/** `GET /v1/account/jobs`: the account's batch and stream jobs, newest first. */
export type AccountJobsPage = ApiSuccess<'listAccountJobs'>;

/** A job as the account plane summarises it (`GET /v1/account/jobs`, `/v1/account/jobs/{id}`). */
export type AccountJobSummary = AccountJobsPage['jobs'][number];

/** `GET /v1/account/audit`: key and spending changes with who and when. */
export type AuditPage = ApiSuccess<'getAccountAudit'>;

/** A cursor page of `GET /v1/account/jobs` or `/audit` (their common part). */
export type AccountListPage = Pick<AccountJobsPage, 'error' | 'next_cursor'> & { [list: string]: unknown };

/** `GET /v1/account/jobs/{id}`: progress, and a stream job's delivery counts. */
export type AccountJobDetail = ApiSuccess<'getAccountJob'>;

/** `GET /v1/account/jobs/{id}/download` as JSON. */
export type AccountJobDownload = ApiSuccess<'downloadAccountJob'>;

/** Query of `GET /v1/account/jobs/{id}/results`: `offset`, `limit`, an interval job's `run_id`. */
export type AccountResultsQuery = ApiQuery<'listAccountJobResults'>;

/** `GET /v1/account/jobs/{id}/results`: results so far, each with its submitted value. */
export type AccountResultsPage = ApiSuccess<'listAccountJobResults'>;

/** `GET /v1/account/jobs/{id}/runs`: an interval job's runs, newest first. */
export type AccountRunsPage = ApiSuccess<'listAccountJobRuns'>;

/** `GET /v1/account/sources`: the sources the account may use, with countries, keys and topics. */
export type AccountSources = ApiSuccess<'listAccountSources'>;

/** `GET /v1/account/jobs/{id}/deliveries` and `/v1/account/streams/{id}/deliveries`. */
export type AccountDeliveriesPage =
  ApiSuccess<'listAccountJobDeliveries'> | ApiSuccess<'listAccountStreamDeliveries'>;

/** `POST /v1/account/jobs/{id}/replay-all` and `/v1/account/streams/{id}/replay-all`. */
export type AccountReplayAllResponse =
  ApiSuccess<'replayAccountJobDeadLetters'> | ApiSuccess<'replayAccountStreamDeadLetters'>;

/** `POST /v1/account/jobs`: the answer of `POST /job`. */
export type AccountSubmitJobResponse = ApiSuccess<'submitAccountJob'>;

/** `GET /v1/account/history`: a page of a value's price history, as `GET /history`. */
export type AccountHistoryPage = ApiSuccess<'getAccountHistory'>;

/** `POST /v1/account/deliveries/{delivery_id}/replay`. */
export type AccountReplayResponse = ApiSuccess<'replayAccountDelivery'>;
