/** The user commands, which call the API through the client rather than open the database. */
export const USER_COMMANDS: ReadonlySet<string> = new Set(['submit', 'status', 'download', 'stream']);

/** The CLI's usage text (kept apart so `help` and dispatch load nothing else). */
export const USAGE = `usage: pricecrawl <command>
service roles (the same variables as npm start; docs/deployment.md):
  api      the HTTP API only (no crawling); runs until SIGTERM, reloads TLS files on SIGHUP
  worker   a crawl worker only (no API; /health on HEALTH_PORT); runs until SIGTERM
user commands (the API through the client; PRICECRAWL_URL, PRICECRAWL_API_KEY; docs/cli.md):
  submit --source S --country C [--key K] [--topic T] [--column NAME] [--max-pages N] [--max-age S]
         [--sort-by X] [--include-meta] [--callback URL] [--wait [--format csv|xlsx|json] [-o FILE]] FILE|-
  status ID [--stream] [--wait]
  download ID [--format csv|xlsx|json] [-o FILE] [--wait]
  stream --source S --country C [--key K] --callback URL [--batch-size N] [--client-ref R] [--column NAME]
         [--follow [-o FILE]] FILE|-
operator commands (the database directly; JSON output):
  accounts create --name N --plan self-serve|enterprise [--sources source_01.de,...] [--credits N] [--cache-reuse]
  keys create --account N [--label L]
  credits grant --account N --amount N
  credits balance --account N
  credits verify --account N
  accounts set-spending --account N [--overage true|false] [--budget-cap N|none]
  accounts suspend --account N
  accounts resume --account N
  users create --account N --email E [--password P]
  users set-password --email E [--password P]   (without --password: a generated one, printed once)
  users disable --email E
  legacy-credentials --account N   (replaces the account's earlier username, password and JWTs)
  drivers [--window MINUTES]        pages read, fell back, blocked and failed per source and country, top reasons
  drivers sample SOURCE [--country CC] [--out DIR]   writes the kept failing pages out (DATA_DIR/driver-samples)
  extract FILE.html [--url URL]
  mock                      the mock server on MOCK_PORT (default 8090): documented examples, any credential`;

function usageLines(command: string): string[] | undefined {
  const lines = USAGE.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(`${command} `));
  if (start === -1 || command.trim() === '') return undefined;
  const own = [lines[start] ?? ''];
  // A command's usage continues on the lines indented deeper than its first one.
  for (const line of lines.slice(start + 1)) {
    if (!/^ {4,}/.test(line)) break;
    own.push(line);
  }
  return own.map((line) => line.trim());
}

/** The command `argv` names (`submit`, `users create`, …), or undefined when it names none. */
export function commandOf(argv: readonly string[]): string | undefined {
  const twoWords = argv.slice(0, 2).join(' ');
  // The second word names a subcommand (`users create`), never an option or a file.
  if (/^[a-z][a-z-]*$/.test(argv[1] ?? '') && usageLines(twoWords)) return twoWords;
  return argv[0] !== undefined && usageLines(argv[0]) ? argv[0] : undefined;
}

/** `npx pricecrawl <command> --help`: the lines of USAGE about that command, and where to read more. */
export function commandUsage(command: string | undefined): string {
  const own = command === undefined ? undefined : usageLines(command);
  if (own === undefined) return USAGE;
  return `usage: pricecrawl ${own.join('\n         ')}\nevery command and option: docs/cli.md, \`npx pricecrawl help\``;
}

/** The one line that follows a usage error instead of the whole usage text. */
export function helpPointer(command: string | undefined): string {
  return command === undefined
    ? 'run `npx pricecrawl help` for the commands'
    : `run \`npx pricecrawl ${command} --help\` for its options`;
}
