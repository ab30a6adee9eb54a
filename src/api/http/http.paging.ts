import { Type } from '@sinclair/typebox';
import { invalid } from '../../platform/errors/app-error.ts';

/**
 * The one parser of paging parameters, used by every route that pages: `offset`/`limit` (history,
 * stream results and deliveries, a job's deliveries) and `cursor`/`limit` (the account plane's lists
 * and billing). Each is bounded so that what passes fits every column and driver it reaches: a
 * query-string `offset=1e19` is an integer to the validator but no database integer, and used to
 * answer 500 `datatype mismatch` (issue 22, defect 5).
 */

/**
 * The largest `offset`: far past any page that exists (a stream holds 100 000 values), and with a
 * page's `limit` added still inside a 32-bit integer, the narrowest column an offset is compared to.
 */
export const MAX_OFFSET = 1_000_000_000;

/** `offset`: rows to skip, 0 to {@link MAX_OFFSET}, default 0. */
export function offsetParam(description = 'Rows to skip (default 0).') {
  return Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description });
}

/** `limit`: rows per page, 1 to `maxLimit`, default `defaultLimit`. */
export function limitParam(page: { defaultLimit: number; maxLimit: number }, description?: string) {
  return Type.Integer({
    minimum: 1,
    maximum: page.maxLimit,
    default: page.defaultLimit,
    description: description ?? `Page size (default ${page.defaultLimit}, at most ${page.maxLimit}).`,
  });
}

/** `cursor`: the `next_cursor` of the previous page, opaque to callers. */
export function cursorParam() {
  return Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The `next_cursor` of the previous page; absent for the first page.',
    }),
  );
}

/** Opaque page cursors: base64url JSON of the last row's sort key. */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Reads a cursor of {@link encodeCursor}; anything else is a validation error naming `cursor`. */
export function decodeCursor<T>(
  cursor: string | undefined,
  isValid: (value: unknown) => value is T,
): T | undefined {
  if (cursor === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor is not valid: pass next_cursor of the previous page');
  }
  if (!isValid(value)) throw invalid('cursor is not valid: pass next_cursor of the previous page');
  return value;
}
