import { invalid } from '../../platform/errors/app-error.ts';
import { yieldToEventLoop } from '../../platform/lib/chunks.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import {
  type SortBy,
  type SourceId,
  type Topic,
  type ValueKey,
} from '../../crawl/vocabulary/sources.types.ts';
import type { KeySpec } from '../../crawl/sources/sources.module.ts';
import type { SubmissionBody } from './submissions.schema.ts';
import { closedSet, sourceChoices } from './submissions.choices.ts';
import type { DeliverMode } from '../work/work.table.ts';
import { DELIVER_MODES } from '../changes/changes.table.ts';

/** Limits of spec part 8 (decisions C4 for streams). */
export const LIMITS = {
  batchValues: 1000,
  streamValues: 100_000,
  maxAgeSeconds: 259_200,
  valueLength: 1000,
} as const;

/** A submission after every rule of spec 2.1 and decisions G20–G22, G29: what a job is made of. */
export interface Submission {
  kind: 'batch' | 'stream';
  source: SourceId;
  country: string;
  key: ValueKey;
  topic: Topic;
  /** De-duplicated values, first occurrences in order; the index is the position here (G20). */
  values: string[];
  /** Index → problem, for values that get a `parameter_invalid` result (G22). */
  invalidValues: Map<number, string>;
  maxPages: number;
  maxAgeSeconds: number;
  sortBy: SortBy;
  timeoutMinutes: number;
  callbackUrl: string | null;
  notFoundMaxAgeDays: number;
  includeMeta: boolean;
  fetchSellerNames: boolean;
  clientRef: string | null;
  deliveryBatchSize: number;
  waitSeconds: number | null;
  intervalMinutes: number | null;
  /** What each run of an interval job delivers (decisions G40); `all` for every other job. */
  deliver: DeliverMode;
}

/** decisions G40: `deliver` belongs to interval jobs, and `changes` are delivered to a callback_url. */
function deliverOf(body: SubmissionBody): DeliverMode {
  if (body.deliver === undefined) return 'all';
  const mode = DELIVER_MODES.find((allowed) => allowed === body.deliver);
  if (mode === undefined) {
    throw invalid(
      `deliver must be one of ${DELIVER_MODES.join(', ')} (got ${JSON.stringify(body.deliver)})`,
      closedSet('deliver', body.deliver, DELIVER_MODES),
    );
  }
  if (body.interval === undefined) throw invalid('deliver is only accepted with interval');
  if (mode === 'changes' && !body.callback_url) throw invalid('deliver "changes" requires callback_url');
  return mode;
}

function splitValues(body: SubmissionBody, key: string, keySpec: KeySpec): string[] {
  if (Array.isArray(body.values)) return body.values.map((value) => value.trim());
  // decisions G35: URLs contain commas, so a string is one value for such a key.
  if (keySpec.unsplit) return [body.values.trim()];
  // spec 2.1: a comma-separated string is not usable for product records, which contain commas.
  if (key === 'product')
    throw invalid('values must be an array for key product (product records contain commas)');
  return body.values.split(',').map((value) => value.trim());
}

/**
 * First occurrences in order. In chunks with a turn of the event loop between two: hashing 100 000
 * values of 1 000 characters (each flattened first when the body parser built it in pieces) held a
 * health probe for about 2 s on a loaded machine (docs/performance.md, third round).
 */
async function dedupe(values: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  for (let start = 0; start < values.length; start += VALIDATE_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(values.length, start + VALIDATE_CHUNK);
    for (let index = start; index < end; index += 1) seen.add(values[index] ?? '');
  }
  return [...seen];
}

/**
 * Validates a parsed body against the source catalogue and returns the normalized submission. The
 * per-value format checks yield to the event loop between chunks (issue 22, point 3): 100 000
 * malformed values must not hold a health probe for the whole check.
 */
export async function normalizeSubmission(
  body: SubmissionBody,
  kind: 'batch' | 'stream',
  catalogue: SourceCatalogue,
): Promise<Submission> {
  const { spec, country, key, keySpec, topic, sortBy } = sourceChoices(body, catalogue);
  const submitted = splitValues(body, key, keySpec);
  // The position as submitted: a value that is empty once trimmed, counted before de-duplication.
  const emptyAt = submitted.indexOf('');
  const values = await dedupe(submitted);
  const limit = kind === 'batch' ? LIMITS.batchValues : LIMITS.streamValues;
  if (values.length === 0) throw invalid('values must contain at least one value');
  if (values.length > limit)
    throw invalid(`values must contain at most ${limit} values (got ${values.length})`);
  if (emptyAt >= 0) throw invalid(`values must not contain an empty value (position ${emptyAt})`);
  // A key whose validator judges length answers long values per value (parameter_invalid).
  const tooLong = keySpec.lengthChecked ? -1 : values.findIndex((value) => value.length > LIMITS.valueLength);
  if (tooLong >= 0) throw invalid(`values[${tooLong}] is longer than ${LIMITS.valueLength} characters`);

  const waitSeconds =
    body.wait === true ? 120 : body.wait === false || body.wait === undefined ? null : body.wait;
  if (kind === 'stream' && body.wait !== undefined) throw invalid('wait is only accepted by POST /job');
  if (waitSeconds !== null && values.length !== 1) throw invalid('wait accepts exactly one value in values');
  if (kind === 'stream' && !body.callback_url) throw invalid('missing required field callback_url');
  if (kind === 'stream' && body.interval !== undefined)
    throw invalid('interval is only accepted by POST /job');
  if (waitSeconds !== null && body.interval !== undefined)
    throw invalid('wait cannot be combined with interval');

  const invalidValues = await findInvalidValues(values, keySpec.validate);

  return {
    kind,
    source: spec.id,
    country,
    key,
    topic,
    values,
    invalidValues,
    maxPages: body.max_pages ?? 1,
    maxAgeSeconds: Math.min(body.max_age ?? 1200, LIMITS.maxAgeSeconds),
    sortBy,
    timeoutMinutes: body.timeout ?? 1440,
    callbackUrl: body.callback_url ?? null,
    notFoundMaxAgeDays: body.not_found_max_age ?? 10,
    includeMeta: body.include_meta ?? false,
    fetchSellerNames: body.fetch_seller_names ?? false,
    clientRef: body.client_ref ?? null,
    deliveryBatchSize: body.delivery_batch_size ?? 100,
    waitSeconds,
    intervalMinutes: body.interval ?? null,
    deliver: deliverOf(body),
  };
}

/** Values checked between two turns of the event loop: about a millisecond of format checks. */
export const VALIDATE_CHUNK = 2000;

/** The problem of each malformed value by index, checked in chunks with a yield after each. */
async function findInvalidValues(
  values: readonly string[],
  validate: (value: string) => string | null | undefined,
): Promise<Map<number, string>> {
  const invalidValues = new Map<number, string>();
  for (let start = 0; start < values.length; start += VALIDATE_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(values.length, start + VALIDATE_CHUNK);
    for (let index = start; index < end; index += 1) {
      const problem = validate(values[index] ?? '');
      if (problem) invalidValues.set(index, problem);
    }
  }
  return invalidValues;
}

/** Credits reserved for a submission: the worst case, values × max_pages (decisions G15). */
export function worstCaseCredits(submission: Submission, usesMaxPages: boolean): number {
  if (submission.topic === 'remove_conversions') return 0;
  const crawlable = submission.values.length - submission.invalidValues.size;
  return crawlable * (usesMaxPages ? submission.maxPages : 1);
}
