import { Type } from '@sinclair/typebox';
import { cursorParam, limitParam } from '../http/http.paging.ts';

/** Request and response schemas of `/v1/account/*` (decisions G31), with the examples the docs show. */

const Timestamp = Type.String({ format: 'date-time' });

/** Page size of the account plane's cursor lists. */
export const ACCOUNT_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const PageQuery = Type.Object(
  {
    limit: limitParam(ACCOUNT_PAGE),
    cursor: cursorParam(),
  },
  { additionalProperties: false },
);

export const BillingQuery = Type.Object(
  {
    limit: limitParam(ACCOUNT_PAGE),
    cursor: cursorParam(),
    group: Type.Optional(Type.Unsafe<'day'>({ type: 'string', enum: ['day'] })),
    days: Type.Integer({
      minimum: 1,
      maximum: 366,
      default: 30,
      description: 'with group=day: how many days',
    }),
  },
  { additionalProperties: false },
);

export const IdParams = Type.Object({ id: Type.String() });

export const CreditsResponse = Type.Object(
  {
    error: Type.Literal(false),
    balance: Type.Integer({ description: 'granted minus spent minus what running jobs hold' }),
    reserved: Type.Integer({ description: 'held by running jobs (their worst case not yet settled)' }),
    available: Type.Union([Type.Integer(), Type.Null()], {
      description: 'what a new submission may reserve now; null: no limit (overage on, no cap)',
    }),
    spent_this_month: Type.Integer(),
    overage: Type.Boolean(),
    budget_cap: Type.Union([Type.Integer(), Type.Null()]),
  },
  {
    examples: [
      {
        error: false,
        balance: 99_840,
        reserved: 10,
        available: 99_840,
        spent_this_month: 150,
        overage: false,
        budget_cap: null,
      },
    ],
  },
);

export const PlanResponse = Type.Object(
  {
    error: Type.Literal(false),
    plan: Type.Unsafe<'self-serve' | 'enterprise'>({ type: 'string', enum: ['self-serve', 'enterprise'] }),
    sources: Type.Union([Type.Literal('all'), Type.Array(Type.String())]),
    cache_reuse: Type.Boolean(),
  },
  { examples: [{ error: false, plan: 'self-serve', sources: 'all', cache_reuse: true }] },
);

const LedgerEntry = Type.Object({
  at: Timestamp,
  kind: Type.Unsafe<string>({ type: 'string', enum: ['grant', 'reserve', 'charge', 'release', 'overage'] }),
  amount: Type.Integer({ description: 'signed: grants and releases add, the rest subtract' }),
  job_id: Type.Union([Type.String(), Type.Null()]),
  balance_after: Type.Integer(),
});

export const LedgerResponse = Type.Object(
  {
    error: Type.Literal(false),
    entries: Type.Array(LedgerEntry),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  },
  {
    examples: [
      {
        error: false,
        entries: [
          {
            at: '2026-11-24T09:30:02.120Z',
            kind: 'charge',
            amount: -1,
            job_id: '6742f1a2b3c4d5e6f7a8b9c0',
            balance_after: 99_989,
          },
          {
            at: '2026-11-24T09:30:01.004Z',
            kind: 'reserve',
            amount: -10,
            job_id: '6742f1a2b3c4d5e6f7a8b9c0',
            balance_after: 99_990,
          },
        ],
        next_cursor: 'MTA',
      },
    ],
  },
);

export const SpentPerDayResponse = Type.Object(
  {
    error: Type.Literal(false),
    days: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), spent: Type.Integer() })),
  },
  {
    examples: [
      {
        error: false,
        days: [
          { date: '2026-11-23', spent: 0 },
          { date: '2026-11-24', spent: 42 },
        ],
      },
    ],
  },
);

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'first 13 characters of the key, to tell keys apart' }),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

const KEY_EXAMPLE = {
  id: '6742f0a1b2c3d4e5f6a7b8c9',
  name: 'production',
  prefix: 'svc_live_Q2xp',
  created_at: '2026-11-24T09:20:00.000Z',
  last_used_at: null,
  revoked_at: null,
};

export const ApiKeysResponse = Type.Object(
  { error: Type.Literal(false), keys: Type.Array(ApiKey) },
  { examples: [{ error: false, keys: [KEY_EXAMPLE] }] },
);

export const CreateKeyBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false, examples: [{ name: 'production' }] },
);

export const NewKeyResponse = Type.Object(
  {
    error: Type.Literal(false),
    key: ApiKey,
    api_key: Type.String({ description: 'the raw key: shown in this answer only' }),
  },
  {
    examples: [
      { error: false, key: KEY_EXAMPLE, api_key: 'svc_live_Q2xpZW50S2V5RXhhbXBsZV9fX19fX19fX19fX19fX19fX18' },
    ],
  },
);

export const RevokedKeyResponse = Type.Object(
  { error: Type.Literal(false), key: ApiKey },
  { examples: [{ error: false, key: { ...KEY_EXAMPLE, revoked_at: '2026-11-24T10:00:00.000Z' } }] },
);

export const SpendingResponse = Type.Object(
  {
    error: Type.Literal(false),
    overage: Type.Boolean({ description: 'true: spending may continue past a zero balance' }),
    budget_cap: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'most credits spent per calendar month (UTC); null: no cap',
    }),
  },
  { examples: [{ error: false, overage: false, budget_cap: 5000 }] },
);

export const SpendingBody = Type.Object(
  {
    overage: Type.Optional(Type.Boolean()),
    // One type list, not a union, so a bad value is named plainly ("budget_cap must be >= 0").
    budget_cap: Type.Optional(
      Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000 }),
    ),
  },
  { additionalProperties: false, examples: [{ overage: true, budget_cap: 5000 }] },
);

export const AuditResponse = Type.Object(
  {
    error: Type.Literal(false),
    entries: Type.Array(
      Type.Object({
        id: Type.String(),
        at: Timestamp,
        actor: Type.String({ description: '`user:<email>`, `operator` (CLI) or `system`' }),
        action: Type.String(),
        target: Type.Union([Type.String(), Type.Null()]),
        details: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
      }),
    ),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  },
  {
    examples: [
      {
        error: false,
        entries: [
          {
            id: '6742f3a2b3c4d5e6f7a8b9c2',
            at: '2026-11-24T10:00:00.000Z',
            actor: 'user:demo@localhost',
            action: 'api_key.revoke',
            target: '6742f0a1b2c3d4e5f6a7b8c9',
            details: null,
          },
        ],
        next_cursor: null,
      },
    ],
  },
);

export const MeResponse = Type.Object(
  {
    error: Type.Literal(false),
    user: Type.Object({ id: Type.String(), email: Type.String() }),
    account: Type.Object({ id: Type.String(), name: Type.String(), status: Type.String() }),
  },
  {
    examples: [
      {
        error: false,
        user: { id: '6742f0a1b2c3d4e5f6a7b8ca', email: 'demo@localhost' },
        account: { id: '6742f0a1b2c3d4e5f6a7b8cb', name: 'demo', status: 'active' },
      },
    ],
  },
);
