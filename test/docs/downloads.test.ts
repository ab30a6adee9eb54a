import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { DOWNLOAD_COLUMNS } from '../../src/api/jobs/jobs.columns.ts';

/** The first cell of each row of the table under `## Columns` in docs/downloads.md. */
function documentedColumns(): string[] {
  const text = readFileSync('docs/downloads.md', 'utf8');
  const section = text.slice(text.indexOf('\n## Columns'));
  return section
    .split('\n')
    .map((line) => /^\| `([a-z_]+)` \|/.exec(line)?.[1])
    .filter((column): column is string => column !== undefined);
}

describe('docs/downloads.md', () => {
  it('documents every download column, in the order of the files, each once', () => {
    assert.deepEqual(documentedColumns(), [...DOWNLOAD_COLUMNS]);
  });
});
