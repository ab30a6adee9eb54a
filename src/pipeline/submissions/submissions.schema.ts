import { Type, type Static } from '@sinclair/typebox';
import { lookupTable } from '../../platform/lib/lookup.ts';

/**
 * The submission body of `POST /job` and `POST /stream` (spec 2.1). Types and simple bounds live
 * here so the validator names the field; rules that depend on the source (countries, keys, topics)
 * and the value list live in `submissions.rules.ts`.
 */
export const SubmissionBody = Type.Object(
  {
    source: Type.String({
      minLength: 1,
      description:
        '`source_01` … `source_12`, or `web`: any shop by the URL of a product page (decisions G35).',
    }),
    country: Type.String({ minLength: 1 }),
    key: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'A key of the source (`term`, `id`, `gtin`, `pzn`, `item_code`, `product`); `url` for `web`, where a string of `values` is one URL, not split at commas.',
      }),
    ),
    topic: Type.Optional(Type.String({ minLength: 1 })),
    values: Type.Union([Type.Array(Type.String()), Type.String()]),
    max_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    // decisions G21: values above 259200 are clamped, not refused.
    max_age: Type.Optional(Type.Integer({ minimum: 0 })),
    sort_by: Type.Optional(Type.String()),
    timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
    callback_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    not_found_max_age: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    include_meta: Type.Optional(Type.Boolean()),
    wait: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Boolean()])),
    client_ref: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    delivery_batch_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    fetch_seller_names: Type.Optional(Type.Boolean()),
    interval: Type.Optional(Type.Integer({ minimum: 15, maximum: 10080 })),
    // decisions G40: `all` or `changes`, checked with the closed-set details of G37.
    deliver: Type.Optional(
      Type.String({
        description:
          'Interval jobs only (decisions G40): `all` (default) delivers every result of each run; `changes` only the results whose price figures, availability, buy box or offer count moved since the previous run, each with `previous`. Needs `callback_url`.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SubmissionBody = Static<typeof SubmissionBody>;

/** Hints for fields whose schema is a union, where the validator's own words would be vague. */
export const FIELD_HINTS: Record<string, string> = lookupTable({
  values: 'values must be an array of strings or a comma-separated string',
  wait: 'wait must be an integer from 1 to 120 seconds or a boolean',
  client_ref: 'client_ref must be a string or null',
});
