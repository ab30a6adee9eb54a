/** The user commands, which call the API through the client rather than open the database. */
export const USER_COMMANDS: ReadonlySet<string> = new Set(['submit', 'status', 'download', 'stream']);

/** The CLI's usage text (kept apart so `help` and dispatch load nothing else). */
export const USAGE = `usage: pricecrawl <command>
service roles (the same variables as npm start; docs/deployment.md):
  api      the HTTP API only (no crawling); runs until SIGTERM, reloads TLS files on SIGHUP
  worker   a crawl worker only (no API; /health on HEALTH_PORT); runs until SIGTERM
user commands (the API through the client; PRICECRAWL_URL, PRICECRAWL_API_KEY; docs/cli.md):
  submit --source S --country C [--key K] [--topic T] [--column NAME] [--max-pages N] [--max-age S]
         [--sort-by X] [--include-meta] [--callback URL] [--wait [--format csv|json] [-o FILE]] FILE|-
  status ID [--stream]
  download ID [--format csv|json] [-o FILE] [--wait]
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
  users disable --email E
  legacy-credentials --account N   (replaces the account's earlier username, password and JWTs)
  drivers [--window MINUTES]        pages read, fell back, blocked and failed per source and country, top reasons
  drivers sample SOURCE [--country CC] [--out DIR]   writes the kept failing pages out (DATA_DIR/driver-samples)
  extract FILE.html [--url URL]
  mock                      the mock server on MOCK_PORT (default 8090): documented examples, any credential`;
