import { builtInSourceCountries } from '../sources/sources.catalogue.ts';
import { startApiProcess } from './api-start.ts';
import { exitOnStartFailure, readConfigOrExit } from './process.ts';

/**
 * `npm start`: the API process with the role of `ROLE` (default `all`, the embedded default). The
 * sandbox child is forked before the service's modules are imported, so that both processes load
 * theirs at once (docs/performance.md, "Start time").
 */
async function main(): Promise<void> {
  const config = readConfigOrExit(builtInSourceCountries());
  const start = startApiProcess(config);
  const { runApiProcess } = await import('./api-process.ts');
  await runApiProcess(config, start);
}

main().catch(exitOnStartFailure);
