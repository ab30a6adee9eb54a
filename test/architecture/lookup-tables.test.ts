import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Module-level tables typed by arbitrary string names (`Record<string, …>`) written as a plain
 * object literal: such a table answers `toString`, `constructor` … for names it does not hold
 * (issue 22, defect 1). Every one is built with `lookupTable` (src/platform/lib/lookup.ts).
 */
function plainStringTables(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const type = declaration.type?.getText(source) ?? '';
      const initializer = declaration.initializer;
      if (!/Record<string,/.test(type) || !initializer) continue;
      if (ts.isObjectLiteralExpression(initializer))
        found.push(`${file}: ${declaration.name.getText(source)}`);
    }
  }
  return found;
}

describe('the house: lookup tables of outside names', () => {
  it('builds every module-level Record<string, …> table without a prototype (lookupTable)', () => {
    const offending = listFiles('src').flatMap(plainStringTables);
    assert.deepEqual(
      offending,
      [],
      'wrap these object literals in lookupTable(…) from src/platform/lib/lookup.ts',
    );
  });
});
