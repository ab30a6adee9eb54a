#!/usr/bin/env node
// `npx pricecrawl <command>`: runs the compiled CLI (dist/, built by `npm install` or `npm run build`)
// in this very process, so signals (SIGTERM, SIGHUP to reload TLS files) reach the service of
// `pricecrawl api|worker` directly, and `extract`, which runs once per page under a time limit,
// starts quickly.
import { importCompiled } from './compiled.js';

await importCompiled('main/cli.js');
