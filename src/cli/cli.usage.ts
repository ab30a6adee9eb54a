/** The operator CLI's usage text (kept apart so `help` loads nothing else). */
export const USAGE = `usage: pricecrawl <command>
  accounts create --name N --plan self-serve|enterprise [--sources source_01.de,...] [--credits N] [--cache-reuse]
  keys create --account N [--label L]
  credits grant --account N --amount N
  credits balance --account N
  credits verify --account N
  accounts set-spending --account N [--overage true|false] [--budget-cap N|none]
  legacy-credentials --account N
  extract FILE.html [--url URL]
  mock                      the mock server on MOCK_PORT (default 8090): documented examples, any credential`;
