import { Type } from '@sinclair/typebox';
import { EXAMPLE_RESULT, ResultItemSchema } from '../../pipeline/work/work.schema.ts';
import { limitParam, offsetParam } from '../http/http.paging.ts';

/** Schemas of the dashboard's own routes (decisions G39): results, runs, sources. */

/** A job's results come in pages of up to 1 000 (one page holds a 1 000-value job). */
export const RESULTS_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

const Timestamp = Type.String({ format: 'date-time' });
const JOB_ID = '6742f1a2b3c4d5e6f7a8b9c0';

export const ResultsQuery = Type.Object(
  {
    offset: offsetParam(),
    limit: limitParam(RESULTS_PAGE),
    run_id: Type.Optional(
      Type.String({
        description: 'An interval job: the run whose results to read (default: its latest run).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ResultsResponse = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    run_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The run the results come from (interval jobs); null for other jobs.',
    }),
    status: Type.String({ description: 'Status of the job (or run) the results come from.' }),
    offset: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer({ description: 'Values with a result so far, in all pages.' }),
    count: Type.Integer(),
    results: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'The value’s position in the submission, from 0.' }),
        value: Type.String({ description: 'The submitted value.' }),
        result: ResultItemSchema,
      }),
    ),
  },
  {
    examples: [
      {
        error: false,
        job_id: JOB_ID,
        run_id: null,
        status: 'finished',
        offset: 0,
        limit: 100,
        total: 1,
        count: 1,
        results: [{ index: 0, value: '4006381333931', result: EXAMPLE_RESULT }],
      },
    ],
  },
);

export const RunsQuery = Type.Object(
  { limit: limitParam({ defaultLimit: 20, maxLimit: 100 }) },
  { additionalProperties: false },
);

export const RunsResponse = Type.Object(
  {
    error: Type.Literal(false),
    job_id: Type.String(),
    interval: Type.Integer({ description: 'minutes' }),
    next_run_at: Type.Union([Timestamp, Type.Null()]),
    last_run_error: Type.Union([Type.String(), Type.Null()]),
    runs: Type.Array(
      Type.Object({
        id: Type.String({ description: 'The run’s id: its results and downloads are read by it.' }),
        status: Type.String(),
        values_total: Type.Integer(),
        values_done: Type.Integer(),
        values_errors: Type.Integer(),
        created_at: Timestamp,
        updated_at: Timestamp,
      }),
    ),
  },
  {
    examples: [
      {
        error: false,
        job_id: JOB_ID,
        interval: 60,
        next_run_at: '2026-11-24T10:30:00.000Z',
        last_run_error: null,
        runs: [
          {
            id: '6742f1a2b3c4d5e6f7a8b9c1',
            status: 'finished',
            values_total: 2,
            values_done: 2,
            values_errors: 0,
            created_at: '2026-11-24T09:30:00.000Z',
            updated_at: '2026-11-24T09:30:04.000Z',
          },
        ],
      },
    ],
  },
);

const SourceRow = Type.Object({
  id: Type.String(),
  label: Type.String(),
  countries: Type.Array(Type.String(), { description: 'The countries the account may use.' }),
  keys: Type.Array(
    Type.Object({
      key: Type.String(),
      countries: Type.Union([Type.Array(Type.String()), Type.Null()], {
        description: 'Countries the key is limited to; null: every country of the source.',
      }),
    }),
  ),
  topics: Type.Array(
    Type.Object({
      topic: Type.String(),
      keys: Type.Union([Type.Array(Type.String()), Type.Null()], {
        description: 'Keys the topic accepts; null: every key.',
      }),
    }),
  ),
  uses_max_pages: Type.Boolean({
    description: 'A value may reserve `max_pages` credits (else 1): what a job reserves up front.',
  }),
});

export const SourcesResponse = Type.Object(
  { error: Type.Literal(false), sources: Type.Array(SourceRow) },
  {
    examples: [
      {
        error: false,
        sources: [
          {
            id: 'source_01',
            label: 'price comparison',
            countries: ['de', 'at'],
            keys: [
              { key: 'gtin', countries: null },
              { key: 'pzn', countries: ['de'] },
            ],
            topics: [{ topic: 'search', keys: null }],
            uses_max_pages: false,
          },
        ],
      },
    ],
  },
);
