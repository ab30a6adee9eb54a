import { builtInSourceCountries } from '../crawl/sources/sources.catalogue.ts';
import { runApiProcess } from './api-process.ts';
import { exitOnStartFailure, readConfigOrExit } from './process.ts';

/** `npm start`: the API process with the role of `ROLE` (default `all`, the embedded default). */
runApiProcess(readConfigOrExit(builtInSourceCountries())).catch(exitOnStartFailure);
