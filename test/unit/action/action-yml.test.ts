import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Input } from '../../../src/action/inputs.js';

const action = parse(readFileSync('action.yml', 'utf8')) as {
  branding: { icon: string; color: string };
  runs: Record<string, string>;
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
};
const readme = readFileSync('README.md', 'utf8');

describe('action.yml', () => {
  it('runs the one bundle on node24 for main and post', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/index.js' });
  });

  it('declares exactly the inputs the code reads, each described and with a default', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Input).sort());
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).toMatch(/\S/);
      expect(input.default, name).toBeTypeOf('string');
    }
  });

  it('has branding the Marketplace accepts (GitHub takes only part of Feather: not `columns`, for one)', () => {
    // a few of the icons GitHub's metadata syntax lists; its colours are all listed
    expect(['database', 'check-square', 'git-pull-request', 'check-circle', 'layers', 'search']).toContain(action.branding.icon);
    expect(['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']).toContain(action.branding.color);
  });

  it('declares the outputs of the interface', () => {
    expect(Object.keys(action.outputs)).toEqual(['status', 'mismatched-comparisons', 'failed-comparisons', 'report-json', 'summary-markdown', 'run-ids']);
  });

  it('is documented in the README: every input and output in its table', () => {
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)]) {
      expect(readme, name).toContain(`| \`${name}\` |`);
    }
  });
});
