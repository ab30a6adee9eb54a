/**
 * The wire shapes of the data API as the client sends and receives them (docs/api.md,
 * docs/streams.md, decisions G6–G8, G31): names for parts of the types generated from the
 * service's OpenAPI document (client.openapi.ts), so the client depends on nothing but the HTTP
 * contract and cannot drift from it. Where the document types a closed set as a plain string, the
 * client names the set; client.narrows.ts keeps those inside what the document allows.
 */
import type { ApiQuery, ApiRequestBody, ApiSuccess } from './client.openapi.ts';
import type { DeliverMode } from './client.webhooks.ts';

/** A job's or stream's lifecycle state. */
export type JobStatusName = Job['status'];

/** How `sort_by` orders a source's offers (spec 2.2). */
type SortBy =
  'ranking_descending' | 'price_ascending' | 'price_descending' | 'total_ascending' | 'rating_descending';

/**
 * The body of `POST /job` (docs/api.md); `values` may be a list or one comma-separated string.
 * `wait` (seconds 1..120 or `true`) needs exactly one value; `interval` (minutes 15..10080) makes
 * an interval job, whose `deliver` (decisions G40) is every result of each run or only changes.
 */
export type JobSubmission = Omit<
  ApiRequestBody<'submitJob'>,
  'client_ref' | 'delivery_batch_size' | 'sort_by' | 'deliver'
> & { sort_by?: SortBy; deliver?: DeliverMode };

/** The body of `POST /stream`: a submission with a required `callback_url`. */
export type StreamSubmission = Omit<
  ApiRequestBody<'submitStream'>,
  'wait' | 'interval' | 'deliver' | 'callback_url' | 'sort_by'
> & { callback_url: string; sort_by?: SortBy };

/** The answer of `POST /job`: the job, `webhook_secret` with a callback, `results` with `wait`. */
export type SubmitJobResponse = ApiSuccess<'submitJob'>;

/** A job as `POST /job` and `PUT /job/{id}` present it: every effective parameter. */
export type Job = SubmitJobResponse['job'];

/** A result item of spec 2.3. */
export type ResultItem = JobDownload['results'][number];

/** The trust block of a result (docs/trust.md). */
export type Trust = ResultItem['trust'];

/** The answer of `GET /job/{id}`. */
export type JobStatusResponse = ApiSuccess<'getJob'>;

/** `GET /job/{id}`: the progress of a job (for an interval job, of its latest run). */
export type JobProgress = JobStatusResponse['job'];

/** The answer of `GET /job/{id}/download`. */
export type JobDownload = ApiSuccess<'downloadJob'>;

/** The body of `PUT /job/{id}` (interval jobs, decisions G5): omitted fields keep their values. */
export type IntervalUpdate = Omit<ApiRequestBody<'updateIntervalJob'>, 'sort_by' | 'deliver'> & {
  sort_by?: SortBy;
  deliver?: DeliverMode;
};

/** The answer of `POST /stream`; `webhook_secret` is shown only here. */
export type SubmitStreamResponse = ApiSuccess<'submitStream'>;

/** `GET /stream/{id}` (decisions G6). */
export type StreamStatus = Omit<ApiSuccess<'getStream'>, 'status'> & { status: JobStatusName };

/** Delivery counts by state. */
export type DeliveryCounts = StreamStatus['deliveries'];

/** Query of `GET /stream/{id}/results`: `offset`, `limit` (at most 1 000, default 100), or `batch`. */
export type StreamResultsQuery = ApiQuery<'listStreamResults'>;

/** `GET /stream/{id}/results`. */
export type StreamResultsPage = ApiSuccess<'listStreamResults'>;

/** One element of a stream results page: a value's result and where it stands. */
export type StreamResult = StreamResultsPage['results'][number];

/** Query of `GET /stream/{id}/deliveries` and `GET /job/{id}/deliveries`. */
export type DeliveriesQuery = ApiQuery<'listJobDeliveries'>;

/** `GET /stream/{id}/deliveries` and `GET /job/{id}/deliveries`. */
export type DeliveriesPage = ApiSuccess<'listJobDeliveries'>;

/** A delivery record (decisions G7). */
export type Delivery = DeliveriesPage['deliveries'][number];

/** A delivery's state (docs/streams.md). */
export type DeliveryStatus = Delivery['status'];

/** `POST /stream/deliveries/{id}/replay` (decisions G8). */
export type ReplayResponse = ApiSuccess<'replayDelivery'>;

/** `POST /stream/{id}/replay-all` and `POST /job/{id}/replay-all`. */
export type ReplayAllResponse = ApiSuccess<'replayJobDeliveries'>;
