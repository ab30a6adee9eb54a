import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runDatabaseCommand, type CliDeps } from '../../src/cli/cli.commands.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { AppError } from '../../src/platform/errors/app-error.ts';
import { SourceCatalogue } from '../../src/crawl/sources/sources.catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

describe('operator CLI: spending settings and ledger verification', () => {
  let database: TestDatabase;
  let deps: CliDeps;

  before(async () => {
    database = await createTestDatabase('sqlite');
    const db = openDatabase({ dialect: 'sqlite', file: `${database.dataDir}/cli.sqlite` });
    await migrateToLatest(db);
    deps = { db, catalogue: new SourceCatalogue() };
    await runDatabaseCommand(deps, [
      'accounts',
      'create',
      '--name',
      'shop',
      '--plan',
      'self-serve',
      '--credits',
      '50',
    ]);
  });
  after(async () => {
    await deps.db.destroy();
    await database.drop();
  });

  it('sets overage and the budget cap, and clears the cap with none', async () => {
    assert.deepEqual(
      await runDatabaseCommand(deps, [
        'accounts',
        'set-spending',
        '--account',
        'shop',
        '--overage',
        'true',
        '--budget-cap',
        '30',
      ]),
      { account: 'shop', overage: true, budget_cap: 30 },
    );
    assert.deepEqual(
      await runDatabaseCommand(deps, [
        'accounts',
        'set-spending',
        '--account',
        'shop',
        '--budget-cap',
        'none',
      ]),
      {
        account: 'shop',
        overage: true,
        budget_cap: null,
      },
    );
  });

  it('refuses malformed spending values naming the option', async () => {
    await assert.rejects(
      runDatabaseCommand(deps, ['accounts', 'set-spending', '--account', 'shop', '--overage', 'maybe']),
      (error: unknown) => error instanceof AppError && /--overage must be true or false/.test(error.message),
    );
    await assert.rejects(
      runDatabaseCommand(deps, ['accounts', 'set-spending', '--account', 'shop', '--budget-cap', '1.5']),
      (error: unknown) => error instanceof AppError && /--budget-cap must be/.test(error.message),
    );
  });

  it('verifies the ledger and reports what does not add up', async () => {
    const clean = (await runDatabaseCommand(deps, ['credits', 'verify', '--account', 'shop'])) as Record<
      string,
      unknown
    >;
    assert.deepEqual([clean.ok, clean.balance, clean.granted, clean.problems], [true, 50, 50, []]);
    await deps.db.updateTable('credit_ledger').set({ amount: 40 }).where('kind', '=', 'grant').execute();
    const broken = (await runDatabaseCommand(deps, ['credits', 'verify', '--account', 'shop'])) as Record<
      string,
      unknown
    >;
    assert.equal(broken.ok, false);
    assert.match(String(broken.problems), /stored totals/);
  });
});
