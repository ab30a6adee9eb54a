import { Type } from '@sinclair/typebox';

/**
 * Request and response schemas of sign-in (the refusals every session route shares are in
 * `openapi/openapi.schemas.ts`). They document the routes in `/openapi.json`; their `examples` feed the docs and mocks.
 */

/** 404 of sign-in and refresh while an OpenID Connect provider issues the sessions (decisions G30). */
export const PasswordSignInOff = Type.Object(
  { error: Type.Literal(true), message: Type.String() },
  {
    description:
      'No such route, or password sign-in is off because an OpenID Connect provider issues sessions.',
    examples: [
      { error: true, message: 'password sign-in is off: sessions come from the OpenID Connect provider' },
    ],
  },
);

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    // The dashboard asks for cookies; programs take the tokens from the body.
    cookie: Type.Optional(Type.Boolean({ description: 'true: set the HttpOnly session cookies instead' })),
  },
  { additionalProperties: false, examples: [{ email: 'demo@localhost', password: 'correct horse battery' }] },
);

export const RefreshBody = Type.Object(
  {
    refresh_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'absent: the refresh cookie is used' }),
    ),
  },
  { additionalProperties: false, examples: [{ refresh_token: 'rt_Yh3kQ0m1bW4v…' }] },
);

export const BearerSession = Type.Object(
  {
    error: Type.Literal(false),
    token: Type.String({ description: 'session JWT (ES256, audience pricecrawl-dashboard)' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'seconds' }),
    refresh_token: Type.String({ description: 'single use: each refresh answers a new one' }),
  },
  { description: 'A session for a program (decisions G30).' },
);

export const CookieSession = Type.Object(
  {
    error: Type.Literal(false),
    token_type: Type.Literal('cookie'),
    expires_in: Type.Integer({ description: 'seconds' }),
  },
  { description: 'A dashboard session: the tokens are in HttpOnly cookies.' },
);

export const SessionResponse = Type.Union([BearerSession, CookieSession], {
  examples: [
    {
      error: false,
      token:
        'eyJhbGciOiJFUzI1NiIsImtpZCI6InNlc3Npb24tMSJ9.eyJzdWIiOiI2NTAwMDAwMDAwMDAwMDAwMDAwMDAwMDEifQ.c2ln',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: 'rt_Yh3kQ0m1bW4vS2n8Zp5tR7xC9dF1gH3jK5lM7nP9qR1',
    },
  ],
});

export const LogoutResponse = Type.Object(
  { error: Type.Literal(false) },
  { examples: [{ error: false }], description: 'The login is over; its refresh token is dead.' },
);

export const JwksResponse = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        { kty: Type.String(), kid: Type.String(), alg: Type.String(), use: Type.String() },
        { additionalProperties: true },
      ),
    ),
  },
  {
    examples: [
      {
        keys: [
          {
            kty: 'EC',
            crv: 'P-256',
            x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
            y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
            kid: 'session-1',
            alg: 'ES256',
            use: 'sig',
          },
        ],
      },
    ],
  },
);
