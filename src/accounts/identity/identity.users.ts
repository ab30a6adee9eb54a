import { randomBytes } from 'node:crypto';
import { findAccountByName } from '../accounts/accounts.repository.ts';
import type { Account } from '../accounts/accounts.table.ts';
import type { Config } from '../../config.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { hashPassword, verifyPassword } from '../auth/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalid } from '../../platform/errors/app-error.ts';
import { isoNow } from '../../platform/lib/time.ts';
import {
  findUserByEmail,
  insertUser,
  revokeUserRefreshTokens,
  updateUserPasswordHash,
  updateUserStatus,
} from './identity.repository.ts';
import type { User } from './identity.table.ts';

const EMAIL_PATTERN = /^[^\s@]{1,128}@[^\s@]{1,255}$/;

/** A readable generated password: 18 random bytes, 24 base64url characters. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Adds a dashboard user to an account. Without a password one is generated and answered once;
 * only its scrypt hash is stored.
 */
function assertPasswordLength(password: string | undefined): void {
  if (password !== undefined && password.length < 8) throw invalid('password must be at least 8 characters');
}

export async function createUser(
  db: Db,
  input: { account: Account; email: string; password?: string; actor: string },
): Promise<{ user: User; password: string; generated: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email))
    throw invalid(`email ${JSON.stringify(input.email)} is not an email address`);
  assertPasswordLength(input.password);
  if (await findUserByEmail(db, email)) throw invalid(`user ${email} already exists`);
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const user = await db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, { accountId: input.account.id, email, passwordHash });
    await insertAuditEntry(trx, {
      accountId: input.account.id,
      actor: input.actor,
      action: 'user.create',
      target: email,
    });
    return created;
  });
  return { user, password, generated: input.password === undefined };
}

/**
 * Sets a user's password (a lost one reset by the operator): without `password` one is generated
 * and answered once; only its scrypt hash is stored. Every session of the user ends, as a reset
 * password must also lock out whoever may have had the old one. A disabled user stays disabled.
 */
export async function setUserPassword(
  db: Db,
  input: { email: string; password?: string; actor: string },
): Promise<{ user: User; password: string; generated: boolean }> {
  assertPasswordLength(input.password);
  const user = await findUserByEmail(db, input.email.trim());
  if (!user) throw invalid(`user ${input.email.trim().toLowerCase()} not found`);
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await updateUserPasswordHash(trx, user.id, passwordHash);
    await revokeUserRefreshTokens(trx, user.id, isoNow());
    await insertAuditEntry(trx, {
      accountId: user.account_id,
      actor: input.actor,
      action: 'user.set_password',
      target: user.email,
    });
  });
  return {
    user: { ...user, password_hash: passwordHash },
    password,
    generated: input.password === undefined,
  };
}

/** Disables a user: sign-in is refused and every session of theirs ends at once. */
export async function disableUser(db: Db, email: string, actor: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user) throw invalid(`user ${email} not found`);
  await db.transaction().execute(async (trx) => {
    await updateUserStatus(trx, user.id, 'disabled');
    await revokeUserRefreshTokens(trx, user.id, isoNow());
    await insertAuditEntry(trx, {
      accountId: user.account_id,
      actor,
      action: 'user.disable',
      target: user.email,
    });
  });
  return { ...user, status: 'disabled' };
}

/**
 * The startup contract's dashboard user: `BOOTSTRAP_USER_EMAIL` of account `demo`, with
 * `BOOTSTRAP_USER_PASSWORD` or a generated password answered once (the caller prints it). When
 * the user exists and `BOOTSTRAP_USER_PASSWORD` is set but is not its password, the variable is
 * applied (`passwordApplied`: the caller says so), so setting it is how an operator who lost the
 * password, or wants a known one, gets it at the next start.
 */
export async function ensureBootstrapUser(deps: {
  db: Db;
  config: Config;
}): Promise<{ email: string; createdPassword?: string; passwordApplied?: boolean }> {
  const email = deps.config.bootstrapUserEmail;
  const account = await findAccountByName(deps.db, 'demo');
  if (!account) return { email };
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    const wanted = deps.config.bootstrapUserPassword;
    const current =
      existing.password_hash !== null && (await verifyPassword(wanted ?? '', existing.password_hash));
    if (wanted === undefined || current) return { email };
    await setUserPassword(deps.db, { email, password: wanted, actor: 'system' });
    return { email, passwordApplied: true };
  }
  try {
    const { password, generated } = await createUser(deps.db, {
      account,
      email,
      password: deps.config.bootstrapUserPassword,
      actor: 'system',
    });
    return generated ? { email, createdPassword: password } : { email };
  } catch (error) {
    // Two API processes starting together: the other one made the user (and printed its password).
    if (await findUserByEmail(deps.db, email)) return { email };
    throw error;
  }
}
