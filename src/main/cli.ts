/**
 * `npx pricecrawl <command>`: operator commands print JSON; failures print a JSON error and exit 2.
 * User commands (`submit`, `status`, `download`, `stream`) call the API through the client; their
 * exit codes are 0 ok, 1 API error, 2 usage error (docs/cli.md).
 * `api` and `worker` run one role of the distributed deployment each, with the same variables
 * (`ROLE` is ignored: the command names the role); they keep running until SIGTERM.
 * Modules are loaded per command: `extract` runs once per page under a time limit, so it must not
 * pay for the database and catalogue modules it never uses.
 */

import { commandOf, helpPointer, USER_COMMANDS } from '../cli/cli.usage.ts';

const USAGE_HINT = 'run `npx pricecrawl help` for the commands';

async function runOperatorCommand(argv: string[], io: Io): Promise<number> {
  const [
    { ConfigError, loadConfig },
    { runDatabaseCommand },
    { SourceCatalogue, builtInSourceCountries },
    { toAppError },
    { openMigratedDatabase },
    { runDriversCommand },
  ] = await Promise.all([
    import('../config.ts'),
    import('../cli/cli.commands.ts'),
    import('../crawl/sources/sources.catalogue.ts'),
    import('../platform/errors/app-error.ts'),
    import('./runtime.ts'),
    import('../cli/cli.drivers.ts'),
  ]);
  let config;
  try {
    config = loadConfig(undefined, builtInSourceCountries());
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : String(error);
    io.stderr(`${JSON.stringify({ error: true, message })}\n`);
    return 2;
  }
  const db = await openMigratedDatabase(config);
  try {
    const output =
      argv[0] === 'drivers'
        ? await runDriversCommand({ db, dataDir: config.dataDir }, argv.slice(1))
        : await runDatabaseCommand({ db, catalogue: new SourceCatalogue(config.extraCountries) }, argv);
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    const appError = toAppError(error);
    const message =
      appError.code === 'internal'
        ? error instanceof Error
          ? error.message
          : String(error)
        : appError.message;
    const hint = helpPointer(commandOf(argv));
    io.stderr(`${JSON.stringify({ error: true, message, hint })}\n`);
    return 2;
  } finally {
    await db.destroy();
  }
}

async function runUserCommandFromShell(argv: string[], io: Io): Promise<number> {
  const [{ ConfigError, loadClientConfig }, { runUserCommand }] = await Promise.all([
    import('../config.ts'),
    import('../cli/cli.user-commands.ts'),
  ]);
  let settings;
  try {
    settings = loadClientConfig();
  } catch (error) {
    const problem = error instanceof ConfigError ? error.problems.join('; ') : String(error);
    io.stderr(`error: ${problem}\n${helpPointer(argv[0])}\n`);
    return 2;
  }
  const progress = { stream: process.stderr, isTTY: process.stderr.isTTY === true };
  const stdoutIsTTY = process.stdout.isTTY === true;
  return runUserCommand(argv, { ...io, stdin: process.stdin, progress, stdoutIsTTY }, settings);
}

interface Io {
  stdout: (text: string | Uint8Array) => void;
  stderr: (text: string) => void;
}

/** Starts a long-running role; resolves once it runs (its shutdown exits the process). */
async function runRole(role: 'api' | 'worker'): Promise<void> {
  const [{ readConfigOrExit }, { builtInSourceCountries }] = await Promise.all([
    import('./process.ts'),
    import('../crawl/sources/sources.catalogue.ts'),
  ]);
  const config = { ...readConfigOrExit(builtInSourceCountries()), role };
  if (role === 'api') {
    const { runApiProcess } = await import('./api-process.ts');
    return runApiProcess(config);
  }
  const { runWorkerProcess } = await import('./worker-process.ts');
  return runWorkerProcess(config);
}

/** Runs a command; `undefined` means a role was started and the process stays up. */
async function main(argv: string[]): Promise<number | undefined> {
  const io: Io = {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  };
  if (argv[0] === 'mock') {
    const { runMockProcess } = await import('./mock.ts');
    await runMockProcess();
    // Serves until a signal; the shutdown handler exits the process.
    return new Promise<number>(() => {});
  }
  if (argv[0] !== undefined && USER_COMMANDS.has(argv[0])) return runUserCommandFromShell(argv, io);
  if (argv.length > 0 && (argv.includes('--help') || argv.includes('-h'))) {
    const { commandUsage } = await import('../cli/cli.usage.ts');
    io.stdout(`${commandUsage(commandOf(argv))}\n`);
    return 0;
  }
  if (argv[0] === 'api' || argv[0] === 'worker') return runRole(argv[0]).then(() => undefined);
  if (argv[0] === 'extract') {
    const { runExtractCommand } = await import('../crawl/extract/extract.command.ts');
    return runExtractCommand(argv.slice(1), io);
  }
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    const { USAGE } = await import('../cli/cli.usage.ts');
    io.stdout(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  return runOperatorCommand(argv, io);
}

main(process.argv.slice(2)).then(
  (code) => (code === undefined ? undefined : process.exit(code)),
  (error: unknown) => {
    // A start that failed on a setting (a port in use) is not a misuse of the commands: its one line.
    if (error instanceof Error && error.name === 'StartupError') {
      process.stderr.write(`pricecrawl: failed to start: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${JSON.stringify({ error: true, message: String(error), hint: USAGE_HINT })}\n`);
    process.exit(2);
  },
);
