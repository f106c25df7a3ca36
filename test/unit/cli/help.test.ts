/**
 * Every command's --help, pinned: a change of wording shows in review, and no line says a word twice
 * ("(repeatable) (repeatable)") or leaves an option without its description.
 */
import { describe, expect, it } from 'vitest';
import { commandEntries, loadCommands } from '../../../src/cli/commands/index.js';
import { commandHelp, mainHelp } from '../../../src/cli/help.js';

/**
 * What a line says twice: a word repeated back to back ("the the"), the same parenthesis twice
 * ("(repeatable) (repeatable)"), or "repeat…" in both the description and the added "(repeatable)".
 */
function doubledWords(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const said = line.replace(/^\s*(-\w, )?--[\w-]+( [A-Z_]+)?\s+/, '');
    const twice = /\b(\w{2,}) \1\b/.test(said) || /(\([^)]+\))\s*\1/.test(said);
    const repeatTwice = said.includes('(repeatable)') && /repeat/i.test(said.replace(/\(repeatable\)/g, ''));
    if (twice || repeatTwice) {
      found.push(line.trim());
    }
  }
  return found;
}

const commands = await loadCommands();

describe('--help', () => {
  it('the lazy registry names each command as the command names itself', () => {
    expect(commandEntries.map((entry) => entry.name)).toEqual(commands.map((command) => command.name));
  });

  it('lists every command once', () => {
    const text = mainHelp(commands, '0.0.0');
    expect(doubledWords(text)).toEqual([]);
    for (const command of commands) expect(text.split(`\n  ${command.name} `).length - 1).toBe(1);
  });

  for (const command of commands) {
    it(`of \`${command.name}\` says each thing once and describes every option`, () => {
      const text = commandHelp(command);
      expect(doubledWords(text)).toEqual([]);
      expect(text).not.toMatch(/\(repeatable\).*repeatable/);
      for (const line of text.split('\n').filter((l) => /^ {2}(-\w, )?--|^ {6}--/.test(l))) {
        expect(line.replace(/^\s*(-\w, )?--[\w-]+( [A-Z_]+)?\s*/, '').length, line).toBeGreaterThan(3);
      }
      expect(text).toMatchSnapshot();
    });
  }
});
