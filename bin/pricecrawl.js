#!/usr/bin/env node
// Runs the operator CLI from the checkout through tsx, so `npx pricecrawl <command>` needs no build step.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const cliEntry = fileURLToPath(new URL('../src/main/cli.ts', import.meta.url));
const result = spawnSync(process.execPath, [tsxCli, cliEntry, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
