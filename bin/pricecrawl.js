#!/usr/bin/env node
// Runs the operator CLI from the checkout with tsx's loader, so `npx pricecrawl <command>` needs no
// build step. The loader is registered in one child process (not tsx's own CLI, which adds a
// second), keeping `extract`, which runs once per page under a time limit, quick to start.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const tsxLoader = pathToFileURL(require.resolve('tsx')).href;
const cliEntry = fileURLToPath(new URL('../src/main/cli.ts', import.meta.url));
const result = spawnSync(process.execPath, ['--import', tsxLoader, cliEntry, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
