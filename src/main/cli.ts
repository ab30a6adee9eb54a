import { ConfigError, loadConfig } from '../config.ts';
import { USAGE, runDatabaseCommand } from '../cli/cli.commands.ts';
import { runExtractCommand } from '../extract/extract.command.ts';
import { SourceCatalogue } from '../sources/sources.catalogue.ts';
import { toAppError } from '../errors/app-error.ts';
import { openMigratedDatabase } from './runtime.ts';

/** `npx pricecrawl <command>`: operator commands print JSON; failures print a JSON error and exit 2. */
async function main(argv: string[]): Promise<number> {
  const io = {
    stdout: (text: string) => process.stdout.write(text),
    stderr: (text: string) => process.stderr.write(text),
  };
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    io.stdout(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === 'extract') return runExtractCommand(argv.slice(1), io);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    io.stderr(
      `${JSON.stringify({ error: true, message: error instanceof ConfigError ? error.message : String(error) })}\n`,
    );
    return 2;
  }
  const db = await openMigratedDatabase(config);
  try {
    const output = await runDatabaseCommand(
      { db, catalogue: new SourceCatalogue(config.extraCountries) },
      argv,
    );
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    const appError = toAppError(error);
    const message =
      appError.code === 'internal'
        ? String(error instanceof Error ? error.message : error)
        : appError.message;
    io.stderr(`${JSON.stringify({ error: true, message })}\n`);
    return 2;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${JSON.stringify({ error: true, message: String(error) })}\n`);
    process.exit(2);
  },
);
