import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  createAccount,
  createApiKey,
  createLegacyCredentials,
  requireAccount,
} from '../accounts/provisioning/provisioning.service.ts';
import { listSourceGrants } from '../accounts/accounts/accounts.repository.ts';
import type { SourceCatalogue } from '../crawl/sources/sources.catalogue.ts';
import type { Db } from '../platform/db/database.ts';
import { updateAccountStatus } from '../accounts/accounts/accounts.repository.ts';
import { insertAuditEntry } from '../accounts/audit/audit.repository.ts';
import { updateSpendingSettings } from '../accounts/credits/credits.repository.ts';
import { creditBalance, grantCredits } from '../accounts/credits/credits.service.ts';
import { verifyAccountLedger } from '../pipeline/work/work.credits-check.ts';
import { invalid } from '../platform/errors/app-error.ts';
import { createUser, disableUser, setUserPassword } from '../accounts/identity/identity.users.ts';

/** What an operator command needs: the database and the source catalogue. */
export interface CliDeps {
  db: Db;
  catalogue: SourceCatalogue;
}

function requireOption(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw invalid(`missing --${name}`);
  return value;
}

function positiveInteger(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) <= 0 || !Number.isSafeInteger(Number(raw))) {
    throw invalid(`--${name} must be a positive integer`);
  }
  return Number(raw);
}

function booleanOption(raw: string, name: string): boolean {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw invalid(`--${name} must be true or false`);
}

function nonNegativeInteger(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw invalid(`--${name} must be a whole number of credits or none`);
  }
  return Number(raw);
}

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<
      string,
      unknown
    >;
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error));
  }
}

/** Runs one operator command on the database; answers the JSON to print. */
export async function runDatabaseCommand(deps: CliDeps, argv: string[]): Promise<unknown> {
  const [group, action, ...rest] = argv;
  const command = group === 'legacy-credentials' ? group : `${group ?? ''} ${action ?? ''}`;
  const args = group === 'legacy-credentials' ? [action ?? '', ...rest].filter((arg) => arg !== '') : rest;
  switch (command) {
    case 'accounts create': {
      const values = parse(args, {
        name: { type: 'string' },
        plan: { type: 'string' },
        sources: { type: 'string' },
        credits: { type: 'string' },
        'cache-reuse': { type: 'boolean' },
      });
      const plan = requireOption(values, 'plan');
      if (plan !== 'self-serve' && plan !== 'enterprise')
        throw invalid('--plan must be self-serve or enterprise');
      const { account, balance } = await createAccount(deps, {
        name: requireOption(values, 'name'),
        plan,
        sources: values.sources as string | undefined,
        credits:
          values.credits === undefined ? undefined : positiveInteger(String(values.credits), 'credits'),
        cacheReuse: values['cache-reuse'] === true,
      });
      const sources = await listSourceGrants(deps.db, account.id);
      return {
        id: account.id,
        name: account.name,
        plan: account.plan,
        cache_reuse: account.cache_reuse === 1,
        sources:
          account.plan === 'enterprise' ? sources.map((pair) => `${pair.source}.${pair.country}`) : 'all',
        credits: balance,
      };
    }
    case 'keys create': {
      const values = parse(args, { account: { type: 'string' }, label: { type: 'string' } });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      const created = await createApiKey(deps.db, account, (values.label as string | undefined) ?? null);
      await insertAuditEntry(deps.db, {
        accountId: account.id,
        actor: 'operator',
        action: 'api_key.create',
        target: created.id,
        details: { prefix: created.prefix },
      });
      return { account: account.name, ...created };
    }
    case 'users create': {
      const values = parse(args, {
        account: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
      });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      const { user, password, generated } = await createUser(deps.db, {
        account,
        email: requireOption(values, 'email'),
        password: values.password as string | undefined,
        actor: 'operator',
      });
      // A generated password is printed this once; a given one is never echoed.
      return { account: account.name, id: user.id, email: user.email, ...(generated ? { password } : {}) };
    }
    case 'users set-password': {
      const values = parse(args, { email: { type: 'string' }, password: { type: 'string' } });
      const { user, password, generated } = await setUserPassword(deps.db, {
        email: requireOption(values, 'email'),
        password: values.password as string | undefined,
        actor: 'operator',
      });
      // As for `users create`: a generated password is printed this once, a given one never echoed.
      return { id: user.id, email: user.email, status: user.status, ...(generated ? { password } : {}) };
    }
    case 'users disable': {
      const values = parse(args, { email: { type: 'string' } });
      const user = await disableUser(deps.db, requireOption(values, 'email'), 'operator');
      return { id: user.id, email: user.email, status: user.status };
    }
    case 'accounts suspend':
    case 'accounts resume': {
      const values = parse(args, { account: { type: 'string' } });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      const status = command === 'accounts suspend' ? 'suspended' : 'active';
      await updateAccountStatus(deps.db, account.id, status);
      await insertAuditEntry(deps.db, {
        accountId: account.id,
        actor: 'operator',
        action: `account.${status}`,
      });
      return { account: account.name, status };
    }
    case 'credits grant': {
      const values = parse(args, { account: { type: 'string' }, amount: { type: 'string' } });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      const amount = positiveInteger(requireOption(values, 'amount'), 'amount');
      const balance = await grantCredits(deps.db, account.id, amount, 'operator grant');
      return { account: account.name, granted: amount, balance };
    }
    case 'legacy-credentials': {
      const values = parse(args, { account: { type: 'string' } });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      return deps.db.transaction().execute(async (trx) => {
        const credentials = await createLegacyCredentials(trx, account);
        // Who replaced the account's credentials, and when: never the password or the JWT.
        await insertAuditEntry(trx, {
          accountId: account.id,
          actor: 'operator',
          action: 'legacy_credentials.replace',
          details: { username: credentials.username, generation: credentials.generation },
        });
        return credentials;
      });
    }
    case 'credits balance': {
      const values = parse(args, { account: { type: 'string' } });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      return { account: account.name, balance: await creditBalance(deps.db, account.id) };
    }
    case 'credits verify': {
      const values = parse(args, { account: { type: 'string' } });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      const { jobs, ...report } = await verifyAccountLedger(deps.db, account.id);
      return { account: account.name, ...report, jobs: jobs.length, ok: report.problems.length === 0 };
    }
    case 'accounts set-spending': {
      const values = parse(args, {
        account: { type: 'string' },
        overage: { type: 'string' },
        'budget-cap': { type: 'string' },
      });
      const account = await requireAccount(deps.db, requireOption(values, 'account'));
      const overage =
        values.overage === undefined ? undefined : booleanOption(String(values.overage), 'overage');
      const cap = values['budget-cap'] as string | undefined;
      const budgetCap =
        cap === undefined ? undefined : cap === 'none' ? null : nonNegativeInteger(cap, 'budget-cap');
      await updateSpendingSettings(deps.db, account.id, { overage, budgetCap });
      await insertAuditEntry(deps.db, {
        accountId: account.id,
        actor: 'operator',
        action: 'spending.update',
        details: { overage, budget_cap: budgetCap },
      });
      const updated = await requireAccount(deps.db, account.name);
      return { account: updated.name, overage: updated.overage === 1, budget_cap: updated.budget_cap };
    }
    default:
      throw invalid(`unknown command ${JSON.stringify(argv.slice(0, 2).join(' '))}`);
  }
}
