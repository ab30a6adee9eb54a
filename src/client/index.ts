/**
 * `pricecrawl/client`: the typed client of the Pricecrawl API, its errors and wire types, and the
 * webhook receiver helper. Depends on no server module except two self-contained, dependency-free
 * helpers: `webhooks/verify.ts` (re-exported) and `lib/retry-after.ts`.
 */
export { PricecrawlClient, DEFAULT_BASE_URL, type PricecrawlClientOptions } from './client.ts';
export {
  AuthenticationError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  PricecrawlError,
  RateLimitError,
  ServerError,
  TimeoutError,
  type PricecrawlErrorCode,
  type RefusalDetails,
} from './client.errors.ts';
export type { FetchFunction, RetryOptions } from './client.http.ts';
export type { JobsApi, SubmitOptions, WaitOptions } from './client.jobs.ts';
export type { IterateOptions, StreamsApi } from './client.streams.ts';
export type { HistoryApi } from './client.history.ts';
export type * from './client.account.ts';
export type * from './client.account.types.ts';
export type * from './client.openapi.ts';
export type * from './client.types.ts';
export type * from './client.web.ts';
export type * from './client.history.types.ts';
export type * from './client.webhooks.ts';
export {
  verifyWebhook,
  type VerifyWebhookInput,
  type VerifyWebhookResult,
  type WebhookScheme,
} from '../pipeline/webhooks/verify.ts';
