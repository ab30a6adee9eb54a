import { Type, type Static } from '@sinclair/typebox';

export const JobIdParams = Type.Object({ id: Type.String() });

export const JobStatusQuery = Type.Object(
  { wait: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })) },
  { additionalProperties: false },
);

export const DownloadQuery = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) },
  { additionalProperties: false },
);

/** `PUT /job/{id}` (spec 4.4): every field optional; omitted fields keep their values. */
export const IntervalUpdateBody = Type.Object(
  {
    values: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String()])),
    max_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    max_age: Type.Optional(Type.Integer({ minimum: 0 })),
    sort_by: Type.Optional(Type.String()),
    topic: Type.Optional(Type.String({ minLength: 1 })),
    timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
  },
  { additionalProperties: false },
);
export type IntervalUpdateBody = Static<typeof IntervalUpdateBody>;
