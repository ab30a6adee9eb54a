import { SignJWT, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import {
  ensureSetting,
  findAccountById,
  findAccountByKeyHash,
  findLegacyCredential,
  findLegacyCredentialByAccount,
  recordApiKeyUse,
} from '../accounts/accounts.repository.ts';
import type { Account } from '../accounts/accounts.table.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  API_KEY_PATTERN,
  digestsEqual,
  hashApiKey,
  UNKNOWN_USER_PASSWORD_HASH,
  verifyPassword,
  type PasswordVerifier,
} from './credentials.ts';

const JWT_ISSUER = 'pricecrawl';
const JWT_AUDIENCE = 'pricecrawl-data-api';

/** The HMAC secret of service-issued JWTs: made once and kept in the database for every process. */
export async function loadJwtSecret(db: Db): Promise<Uint8Array> {
  const stored = await ensureSetting(db, 'jwt_secret', randomBytes(32).toString('hex'));
  return Buffer.from(stored, 'hex');
}

/**
 * Issues a legacy/enterprise bearer JWT for an account (spec part 5, credential 3). `generation` is
 * the account's current legacy-credential generation: a later one revokes this token.
 */
export async function issueAccountJwt(
  secret: Uint8Array,
  accountId: string,
  generation: number,
  validDays = 365,
): Promise<string> {
  return new SignJWT({ gen: generation })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${validDays}d`)
    .sign(secret);
}

const unauthenticated = (message: string) => new AppError('unauthenticated', message);

/** When this process last wrote each key's `last_used_at`: skips a database write per request. */
const lastUseWrittenAt = new Map<string, number>();

async function noteApiKeyUse(db: Db, keyHash: string): Promise<void> {
  const now = Date.now();
  if (now - (lastUseWrittenAt.get(keyHash) ?? 0) < 60_000) return;
  if (lastUseWrittenAt.size > 10_000) lastUseWrittenAt.clear();
  lastUseWrittenAt.set(keyHash, now);
  await recordApiKeyUse(db, keyHash, new Date(now));
}

async function byApiKey(db: Db, rawKey: string): Promise<Account> {
  if (!API_KEY_PATTERN.test(rawKey)) throw unauthenticated('invalid API key');
  const hash = hashApiKey(rawKey);
  const found = await findAccountByKeyHash(db, hash);
  // The index finds the row; the digest is compared again in constant time before it is trusted.
  if (!found || !digestsEqual(found.keyHash, hash)) throw unauthenticated('invalid API key');
  await noteApiKeyUse(db, hash);
  return found.account;
}

async function byJwt(db: Db, secret: Uint8Array, token: string): Promise<Account> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
    const credential = payload.sub ? await findLegacyCredentialByAccount(db, payload.sub) : undefined;
    // Tokens from before generations existed carry none: generation 0, until a regeneration.
    const generation = payload.gen ?? 0;
    const account =
      credential && credential.jwt_generation === generation
        ? await findAccountById(db, credential.account_id)
        : undefined;
    if (account) return account;
  } catch {
    // Any verification failure is the same answer to the caller.
  }
  throw unauthenticated('invalid bearer token');
}

async function byBasic(db: Db, encoded: string, verify: PasswordVerifier): Promise<Account> {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthenticated('malformed Basic credentials');
  const username = decoded.slice(0, colon);
  const credential = await findLegacyCredential(db, username);
  // The same scrypt runs for an unknown username, so answer times do not tell which names exist.
  const matches = await verify(
    decoded.slice(colon + 1),
    credential?.password_hash ?? UNKNOWN_USER_PASSWORD_HASH,
  );
  const valid = credential !== undefined && matches;
  const account = valid && credential ? await findAccountById(db, credential.account_id) : undefined;
  if (!account) throw unauthenticated('invalid username or password');
  return account;
}

/**
 * Authenticates a data-API request (spec part 5): `x-api-key`, `Authorization: Bearer <key>`, or
 * for legacy/enterprise accounts HTTP Basic or `Authorization: Bearer <service JWT>`. A suspended
 * account is refused with 403 (decisions C2). `options.verifyPassword` replaces the scrypt check
 * (tests watch it).
 */
export async function authenticate(
  db: Db,
  jwtSecret: Uint8Array,
  headers: { 'x-api-key'?: string | string[]; authorization?: string },
  options: { verifyPassword?: PasswordVerifier } = {},
): Promise<Account> {
  const apiKeyHeader = headers['x-api-key'];
  const authorization = headers.authorization?.trim();
  let account: Account;
  if (typeof apiKeyHeader === 'string' && apiKeyHeader !== '') {
    account = await byApiKey(db, apiKeyHeader.trim());
  } else if (authorization && /^bearer\s+/i.test(authorization)) {
    const token = authorization.replace(/^bearer\s+/i, '');
    account = token.startsWith('svc_') ? await byApiKey(db, token) : await byJwt(db, jwtSecret, token);
  } else if (authorization && /^basic\s+/i.test(authorization)) {
    account = await byBasic(
      db,
      authorization.replace(/^basic\s+/i, ''),
      options.verifyPassword ?? verifyPassword,
    );
  } else {
    throw unauthenticated('missing credentials: send x-api-key or Authorization');
  }
  if (account.status === 'suspended') throw new AppError('account_suspended');
  return account;
}
