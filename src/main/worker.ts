import { builtInSourceCountries } from '../crawl/sources/sources.catalogue.ts';
import { exitOnStartFailure, readConfigOrExit } from './process.ts';
import { runWorkerProcess } from './worker-process.ts';

/** `npm run worker`: a crawl worker without the API. */
runWorkerProcess(readConfigOrExit(builtInSourceCountries())).catch(exitOnStartFailure);
