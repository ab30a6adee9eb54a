import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/** Every variable `src/config.ts` reads: the `env: 'NAME'` of its schemas and direct `env.NAME` reads. */
function configVariables(): string[] {
  const source = readFileSync('src/config.ts', 'utf8');
  const names = [
    ...source.matchAll(/\benv:\s*'([A-Z][A-Z0-9_]*)'/g),
    ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g),
  ].map((match) => match[1] ?? '');
  return [...new Set(names)];
}

/** Every variable named in the first column of a table of README's "Configuration" section. */
function readmeVariables(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  assert.ok(start >= 0, 'README has a Configuration section');
  const section = readme.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''),
    );
}

describe('README configuration table', () => {
  it('names every variable src/config.ts reads', () => {
    const documented = new Set(readmeVariables());
    const variables = configVariables();
    assert.ok(variables.length > 40, `found only ${variables.length} variables in src/config.ts`);
    assert.deepEqual(
      variables.filter((name) => !documented.has(name)),
      [],
      'variables of src/config.ts missing from the README table',
    );
  });

  it('names no variable that src/config.ts does not read', () => {
    const read = new Set(configVariables());
    assert.deepEqual(
      readmeVariables().filter((name) => !read.has(name)),
      [],
      'README table rows without a variable in src/config.ts',
    );
  });
});
