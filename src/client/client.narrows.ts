/**
 * Compile-time checks, imported by nothing: where the client names a closed set the OpenAPI
 * document types as a plain string (client.types.ts), the narrowed type must stay assignable to the
 * generated one. `npm run typecheck` fails here when the document changes under a narrowing.
 */
import type { ApiRequestBody, ApiSuccess } from './client.openapi.ts';
import type { IntervalUpdate, JobSubmission, StreamStatus, StreamSubmission } from './client.types.ts';

/**
 * True when `Narrow` is assignable to `Wide`: where the client names a closed set the document
 * types as a plain string (a job's `status` on `GET /stream/{id}`, `sort_by`), this keeps the
 * narrowing inside what the document allows.
 */
type Narrows<Narrow, Wide> = [Narrow] extends [Wide] ? true : false;

export const JOB_SUBMISSION_NARROWS: Narrows<JobSubmission, ApiRequestBody<'submitJob'>> = true;
export const STREAM_SUBMISSION_NARROWS: Narrows<StreamSubmission, ApiRequestBody<'submitStream'>> = true;
export const INTERVAL_UPDATE_NARROWS: Narrows<IntervalUpdate, ApiRequestBody<'updateIntervalJob'>> = true;
export const STREAM_STATUS_NARROWS: Narrows<StreamStatus, ApiSuccess<'getStream'>> = true;
export const ACCOUNT_SUBMISSION_NARROWS: Narrows<JobSubmission, ApiRequestBody<'submitAccountJob'>> = true;
