#!/usr/bin/env node
// Runs the CLI from the checkout with tsx's loader registered in this very process, so `npx
// pricecrawl <command>` needs no build step and adds no second process: signals (SIGTERM, SIGHUP to
// reload TLS files) reach the service of `pricecrawl api|worker` directly, and `extract`, which
// runs once per page under a time limit, starts quickly.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/main/cli.ts', import.meta.url).href);
