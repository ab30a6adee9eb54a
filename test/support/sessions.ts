import assert from 'node:assert/strict';
import { findAccountById } from '../../src/accounts/accounts/accounts.repository.ts';
import { createUser } from '../../src/accounts/identity/identity.users.ts';
import type { Harness } from './harness.ts';

/** A signed-in dashboard user of a test account. */
export interface SignedInUser {
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  /** `Authorization: Bearer <session token>`. */
  headers: Record<string, string>;
}

let users = 0;

/** Adds a user to the account and signs them in through `POST /v1/auth/login`. */
export async function signInNewUser(
  harness: Pick<Harness, 'app' | 'runtime'>,
  accountId: string,
): Promise<SignedInUser> {
  users += 1;
  const email = `user${users}-${accountId.slice(-6)}@example.test`;
  const password = `password-${users}-secret`;
  const account = await findAccountById(harness.runtime.deps.db, accountId);
  assert.ok(account, 'account exists');
  await createUser(harness.runtime.deps.db, { account, email, password, actor: 'test' });
  const response = await harness.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, password },
  });
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json() as { token: string; refresh_token: string };
  return {
    email,
    password,
    token: body.token,
    refreshToken: body.refresh_token,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

/** The claims part of a JWT, decoded without verification (tests look, the service verifies). */
export function jwtParts(token: string): { header: Record<string, any>; payload: Record<string, any> } {
  const [header = '', payload = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
  };
}
