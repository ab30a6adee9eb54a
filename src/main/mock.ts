import { builtInSourceCountries } from '../crawl/sources/sources.catalogue.ts';
import { buildMockApp } from '../api/mock/mock.app.ts';
import { generateOpenApiDocument } from './openapi-document.ts';
import { onShutdownSignal, readConfigOrExit } from './process.ts';
import { createLogger } from './runtime.ts';

/** `npx pricecrawl mock`: the mock server (decisions G32) on `MOCK_PORT`, until a signal stops it. */
export async function runMockProcess(): Promise<void> {
  const config = readConfigOrExit(builtInSourceCountries());
  const logger = createLogger(config);
  const app = buildMockApp(await generateOpenApiDocument());
  const address = await app.listen({ port: config.mockPort, host: config.host });
  logger.info({ address }, 'mock server listening: any non-empty Authorization or x-api-key passes');
  onShutdownSignal(logger, () => app.close());
}
