import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandOf, commandUsage, helpPointer, USAGE } from './cli.usage.ts';

describe('CLI usage per command', () => {
  it('names the command of an argument list: two words for a subcommand, never an option or a file', () => {
    assert.equal(commandOf(['users', 'set-password', '--email', 'x']), 'users set-password');
    assert.equal(commandOf(['legacy-credentials', '--account', 'acme']), 'legacy-credentials');
    assert.equal(commandOf(['extract', 'page.html']), 'extract');
    assert.equal(commandOf(['submit', '-']), 'submit');
    assert.equal(commandOf(['frobnicate']), undefined);
  });

  it("prints one command's usage, continued lines included, and the whole text for an unknown one", () => {
    const submit = commandUsage('submit');
    assert.match(submit, /^usage: pricecrawl submit --source S --country C/);
    assert.match(submit, /\[--sort-by X\]/, 'the continuation line is kept');
    assert.doesNotMatch(submit, /download ID/);
    assert.equal(commandUsage(undefined), USAGE);
    assert.equal(helpPointer('submit'), 'run `npx pricecrawl submit --help` for its options');
    assert.equal(helpPointer(undefined), 'run `npx pricecrawl help` for the commands');
  });
});
