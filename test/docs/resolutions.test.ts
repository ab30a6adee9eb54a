import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/** The first column of every table row of a markdown file, by section heading. */
function firstColumns(path: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let heading = '';
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('## ')) heading = line.slice(3).trim();
    const cell = /^\| ([^|]+?) \|/.exec(line)?.[1];
    if (cell === undefined || /^-+$/.test(cell) || cell === '#' || cell === 'what') continue;
    sections.set(heading, [...(sections.get(heading) ?? []), cell]);
  }
  return sections;
}

// The rows of the binding resolutions (../shared/spec/decisions.md, spec 4.0): C1..C9, G1..G40 and
// the startup contract. docs/resolutions.md answers each with what is built.
const IDS = [
  ...Array.from({ length: 9 }, (_, i) => `C${i + 1}`),
  ...Array.from({ length: 40 }, (_, i) => `G${i + 1}`),
];
const STARTUP = [
  'install, run, test',
  'environment',
  'readiness',
  'demo account',
  'operator CLI',
  'sandbox ground truth',
  'extraction',
  'dashboard user',
  'distributed',
  'client and CLI',
];

describe('docs/resolutions.md', () => {
  const sections = firstColumns('docs/resolutions.md');

  it('answers every contradiction and gap of the resolutions, in order, each once', () => {
    assert.deepEqual([...(sections.get('Contradictions') ?? []), ...(sections.get('Gaps') ?? [])], IDS);
  });

  it('states what is built for every row of the startup contract', () => {
    const rows = sections.get('Startup contract') ?? [];
    assert.deepEqual(
      STARTUP.filter((what) => !rows.includes(what)),
      [],
    );
  });
});
