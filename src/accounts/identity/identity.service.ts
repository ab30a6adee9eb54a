import { createHash, randomBytes } from 'node:crypto';
import { findAccountById } from '../accounts/accounts.repository.ts';
import type { Account } from '../accounts/accounts.table.ts';
import type { Config } from '../../config.ts';
import { UNKNOWN_USER_PASSWORD_HASH, digestsEqual, verifyPassword } from '../auth/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow, isoPlus } from '../../platform/lib/time.ts';
import { SessionKeyring } from './identity.keys.ts';
import type { BucketStoreFactory } from '../ratelimit/ratelimit.store.ts';
import { LoginLimiter } from './identity.limiter.ts';
import {
  findRefreshTokenByHash,
  findUserByEmail,
  findUserById,
  insertRefreshToken,
  isRefreshFamilyLive,
  markRefreshTokenUsed,
  revokeRefreshFamily,
} from './identity.repository.ts';
import {
  createOidcVerifier,
  signSessionToken,
  verifyBuiltinSession,
  type OidcVerifier,
  type SessionClaims,
} from './identity.sessions.ts';
import type { User } from './identity.table.ts';

/** The identity provider of one API process (decisions G30). */
export interface Identity {
  keyring: SessionKeyring;
  /** Set when `OIDC_*` name an external provider; password sign-in is then off. */
  oidc: OidcVerifier | undefined;
  limiter: LoginLimiter;
  sessionTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

/**
 * Builds the identity provider from the configuration and the keys in the database; the sign-in
 * limits spend buckets of `rateLimitStore` (Redis in distributed mode), else of this process.
 */
export async function createIdentity(deps: {
  db: Db;
  config: Config;
  rateLimitStore?: BucketStoreFactory;
}): Promise<Identity> {
  const { config } = deps;
  return {
    keyring: await SessionKeyring.open(deps.db, config.sessionSigningKeyId, config.sessionTtlSeconds),
    oidc:
      config.oidcIssuer && config.oidcAudience && config.oidcJwksUrl
        ? createOidcVerifier({
            issuer: config.oidcIssuer,
            audience: config.oidcAudience,
            jwksUrl: config.oidcJwksUrl,
          })
        : undefined,
    limiter: new LoginLimiter(
      {
        maxFailuresPerEmail: config.loginMaxFailuresPerEmail,
        maxFailuresPerAddress: config.loginMaxFailuresPerAddress,
        windowMs: config.loginFailureWindowSeconds * 1000,
      },
      deps.rateLimitStore,
    ),
    sessionTtlSeconds: config.sessionTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
  };
}

/** A signed session token and the refresh token that renews it. */
export interface SessionTokens {
  token: string;
  expiresIn: number;
  refreshToken: string;
}

const unauthorized = (message: string) => new AppError('unauthorized', message);

function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function assertPasswordSignIn(identity: Identity): void {
  if (identity.oidc) {
    throw new AppError(
      'not_found',
      'password sign-in is off: sessions come from the OpenID Connect provider',
    );
  }
}

async function issueTokens(db: Db, identity: Identity, user: User, familyId: string): Promise<SessionTokens> {
  const refreshToken = `rt_${randomBytes(32).toString('base64url')}`;
  const now = isoNow();
  await insertRefreshToken(db, {
    id: newObjectId(),
    family_id: familyId,
    user_id: user.id,
    token_hash: hashRefreshToken(refreshToken),
    created_at: now,
    expires_at: isoPlus(now, identity.refreshTokenTtlSeconds * 1000),
    used_at: null,
    revoked_at: null,
  });
  const token = await signSessionToken(
    identity.keyring,
    { userId: user.id, accountId: user.account_id, email: user.email, familyId },
    identity.sessionTtlSeconds,
  );
  return { token, expiresIn: identity.sessionTtlSeconds, refreshToken };
}

/**
 * Password sign-in. Wrong and unknown credentials get the same 401 after the same scrypt work;
 * repeated failures per email or client address get 429 (decisions G30). A database error keeps
 * the reserved failure too: only a sign-in that succeeded gives it back.
 */
export async function signIn(
  db: Db,
  identity: Identity,
  input: { email: string; password: string; address: string },
): Promise<SessionTokens> {
  assertPasswordSignIn(identity);
  // A failure is reserved before the password is checked and kept unless it succeeds (G30).
  const reservation = await identity.limiter.reserve(input.email, input.address);
  const user = await findUserByEmail(db, input.email);
  // An unknown email (or a user without a password) costs the same scrypt as a known one.
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? UNKNOWN_USER_PASSWORD_HASH);
  if (!user || !passwordOk || user.status !== 'active' || user.password_hash === null) {
    throw unauthorized('wrong email or password');
  }
  await reservation.release();
  return issueTokens(db, identity, user, newObjectId());
}

/**
 * Trades a refresh token for a new session token and a new refresh token; the presented one is
 * used up. Presenting a used token again revokes its whole login: someone else has a copy.
 */
export async function refreshSession(
  db: Db,
  identity: Identity,
  refreshToken: string,
): Promise<SessionTokens> {
  assertPasswordSignIn(identity);
  const invalid = unauthorized('invalid or expired refresh token');
  const outcome = await db.transaction().execute(async (trx) => {
    const hash = hashRefreshToken(refreshToken);
    const stored = await findRefreshTokenByHash(trx, hash);
    if (!stored || !digestsEqual(stored.token_hash, hash) || stored.revoked_at !== null) return undefined;
    if (Date.parse(stored.expires_at) <= Date.now()) return undefined;
    if (stored.used_at !== null || !(await markRefreshTokenUsed(trx, stored.id, isoNow()))) {
      return { reusedFamily: stored.family_id };
    }
    const user = await findUserById(trx, stored.user_id);
    if (!user || user.status !== 'active') return undefined;
    return { tokens: await issueTokens(trx, identity, user, stored.family_id) };
  });
  if (outcome?.tokens) return outcome.tokens;
  // Written after the transaction: a rollback must not undo the revocation of a stolen login.
  if (outcome?.reusedFamily) await revokeRefreshFamily(db, outcome.reusedFamily, isoNow());
  throw invalid;
}

/** Ends the login a refresh token belongs to: the token, its successors and its sessions die. */
export async function signOut(db: Db, refreshToken: string): Promise<void> {
  const stored = await findRefreshTokenByHash(db, hashRefreshToken(refreshToken));
  if (stored) await revokeRefreshFamily(db, stored.family_id, isoNow());
}

/** The signed-in user of an account-plane request. */
export interface DashboardSession {
  user: User;
  account: Account;
}

async function verifyToken(identity: Identity, token: string): Promise<SessionClaims> {
  try {
    return identity.oidc
      ? await identity.oidc.verify(token)
      : await verifyBuiltinSession(identity.keyring, token);
  } catch {
    // Expired, foreign, malformed: the caller learns only that the session is not valid.
    throw unauthorized('invalid or expired session token');
  }
}

/**
 * Authenticates a session token. The user and the login are looked up on every request, so a
 * disabled user or a logout takes effect at once, in every API process.
 */
export async function authenticateSession(
  db: Db,
  identity: Identity,
  token: string,
): Promise<DashboardSession> {
  const claims = await verifyToken(identity, token);
  const user =
    claims.kind === 'oidc' ? await findUserByEmail(db, claims.email) : await findUserById(db, claims.userId);
  if (!user || user.status !== 'active') throw unauthorized('user unknown or disabled');
  if (claims.kind === 'builtin' && !(await isRefreshFamilyLive(db, claims.familyId))) {
    throw unauthorized('session ended: sign in again');
  }
  const account = await findAccountById(db, user.account_id);
  if (!account) throw unauthorized('user unknown or disabled');
  return { user, account };
}
