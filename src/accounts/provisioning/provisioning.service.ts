import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { generateApiKey, hashApiKey, hashPassword } from '../auth/credentials.ts';
import { issueAccountJwt, loadJwtSecret } from '../auth/auth.service.ts';
import { grantCredits } from '../credits/credits.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, invalid } from '../../platform/errors/app-error.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import {
  apiKeyHashExists,
  findAccountByKeyHash,
  findAccountByName,
  insertAccount,
  insertApiKey,
  listActiveKeyNames,
  replaceLegacyCredential,
} from '../accounts/accounts.repository.ts';
import type { Account, Plan } from '../accounts/accounts.table.ts';

/** Parses `source_01.de,source_02.uk` into pairs, refusing unknown sources and countries. */
export function parseSourcePairs(
  catalogue: SourceCatalogue,
  list: string,
): { source: string; country: string }[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const [source = '', country = ''] = item.split('.');
      const spec = catalogue.get(source);
      if (!spec) throw invalid(`unknown source in ${JSON.stringify(item)}`);
      if (!spec.countries.includes(country))
        throw invalid(`country ${JSON.stringify(country)} not supported by ${source}`);
      return { source, country };
    });
}

/** Creates an account (operator CLI). */
export async function createAccount(
  deps: { db: Db; catalogue: SourceCatalogue },
  input: { name: string; plan: Plan; sources?: string; credits?: number; cacheReuse?: boolean },
): Promise<{ account: Account; balance: number }> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(input.name)) {
    throw invalid('account name must be 1 to 64 letters, digits, dots, dashes or underscores');
  }
  if (await findAccountByName(deps.db, input.name)) throw invalid(`account ${input.name} already exists`);
  const sources = input.sources ? parseSourcePairs(deps.catalogue, input.sources) : [];
  if (input.plan === 'enterprise' && sources.length === 0) {
    throw invalid('an enterprise account needs --sources source_NN.cc,...');
  }
  if (input.plan === 'self-serve' && sources.length > 0) {
    throw invalid('self-serve accounts have every source; --sources is for enterprise accounts');
  }
  return deps.db.transaction().execute(async (trx) => {
    const account = await insertAccount(trx, {
      name: input.name,
      plan: input.plan,
      cacheReuse: input.cacheReuse ?? false,
      sources,
    });
    const balance = input.credits ? await grantCredits(trx, account.id, input.credits, 'initial grant') : 0;
    return { account, balance };
  });
}

/** Finds an account by name or fails naming it. */
export async function requireAccount(db: Db, name: string): Promise<Account> {
  const account = await findAccountByName(db, name);
  if (!account) throw invalid(`account ${name} not found`);
  return account;
}

/**
 * The name a new key gets: names are unique among an account's active keys (issue 26). A taken
 * name is refused (`ifTaken: 'refuse'`, a user typed it) or numbered: `bootstrap (2)`.
 */
export async function freeKeyName(
  db: Db,
  accountId: string,
  wanted: string | null,
  ifTaken: 'refuse' | 'number',
): Promise<string> {
  const base = wanted === null || wanted.trim() === '' ? 'key' : wanted.trim();
  const taken = new Set(await listActiveKeyNames(db, accountId));
  if (!taken.has(base)) return base;
  if (ifTaken === 'refuse') {
    throw invalid(`an active API key is already named ${JSON.stringify(base)}: choose another name`);
  }
  let n = 2;
  while (taken.has(`${base} (${n})`)) n += 1;
  return `${base} (${n})`;
}

/**
 * Creates an API key; the raw key is in the answer and nowhere else (spec part 5). Its name is
 * `label`, numbered when an active key has it already, or refused with `ifTaken: 'refuse'`.
 */
export async function createApiKey(
  db: Db,
  account: Account,
  label: string | null = null,
  ifTaken: 'refuse' | 'number' = 'number',
) {
  const rawKey = generateApiKey();
  const name = await freeKeyName(db, account.id, label, ifTaken);
  const row = await insertApiKey(db, account.id, hashApiKey(rawKey), rawKey.slice(0, 13), name);
  return { id: row.id, key: rawKey, prefix: row.key_prefix, created_at: row.created_at };
}

/**
 * Legacy credentials for an enterprise account: Basic username/password and a service JWT. They
 * replace the account's earlier ones: the old password and every earlier JWT stop working.
 */
export async function createLegacyCredentials(db: Db, account: Account) {
  if (account.plan !== 'enterprise') {
    throw new AppError(
      'validation',
      'legacy credentials are for enterprise accounts; self-serve accounts use API keys',
    );
  }
  const username = `${account.name}-${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const generation = await replaceLegacyCredential(db, account.id, username, await hashPassword(password));
  const token = await issueAccountJwt(await loadJwtSecret(db), account.id, generation);
  return {
    account: account.name,
    username,
    password,
    jwt: token,
    generation,
    replaces:
      'these replace every earlier legacy username, password and service JWT of the account: those no longer work',
  };
}

/**
 * The startup contract's demo account: with `BOOTSTRAP_API_KEY` it ensures account `demo` holding
 * that key and `BOOTSTRAP_CREDITS`; without it the first start creates a key and answers it once.
 * A `BOOTSTRAP_API_KEY` that was revoked is left revoked and reported (`bootstrapKeyRevoked`).
 */
export async function ensureDemoAccount(deps: {
  db: Db;
  catalogue: SourceCatalogue;
  config: Config;
}): Promise<{ createdKey?: string; bootstrapKeyRevoked?: true }> {
  const { bootstrapApiKey, bootstrapCredits } = deps.config;
  let account = await findAccountByName(deps.db, 'demo');
  let createdKey: string | undefined;
  if (!account) {
    account = (
      await createAccount(deps, {
        name: 'demo',
        plan: 'self-serve',
        credits: bootstrapCredits,
        cacheReuse: true,
      })
    ).account;
    if (!bootstrapApiKey) createdKey = (await createApiKey(deps.db, account, 'bootstrap')).key;
  }
  if (bootstrapApiKey) {
    const hash = hashApiKey(bootstrapApiKey);
    const active = await findAccountByKeyHash(deps.db, hash);
    // A revoked key stays revoked: a restart must never bring back a key a user revoked.
    if (!active && (await apiKeyHashExists(deps.db, hash))) return { bootstrapKeyRevoked: true };
    if (!active) {
      const name = await freeKeyName(deps.db, account.id, 'bootstrap', 'number');
      await insertApiKey(deps.db, account.id, hash, bootstrapApiKey.slice(0, 13), name);
    }
  }
  return createdKey ? { createdKey } : {};
}
