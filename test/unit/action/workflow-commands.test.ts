// The action writes workflow commands itself (src/action/workflow-commands.ts, so that @actions/core and
// its HTTP client are not loaded at start-up): every output must be byte for byte what @actions/core writes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as core from '@actions/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as ours from '../../../src/action/workflow-commands.js';

const HOSTILE = [
  '',
  'plain',
  '100%',
  '%25 already escaped %0A',
  'line one\nline two',
  'crlf\r\nend\r',
  '::error::injected',
  'a:b,c=d',
  'title=x,file=y::z',
  '%3A%2C:,%\r\n',
  'ünïcödé ✓ 💥 — "quotes" \'single\' `tick`',
  '\t tabs and spaces \t',
  '::add-mask::secret\n::set-output name=x::y',
];

const dir = mkdtempSync(path.join(tmpdir(), 'dc-workflow-commands-'));
let written: string[];
const saved = { ...process.env };
const savedExitCode = process.exitCode;

beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  process.exitCode = savedExitCode;
});

/** What `write` printed, once by @actions/core and once by ours. */
function both(write: (api: typeof core | typeof ours) => void): [string, string] {
  written = [];
  write(core);
  const theirs = written.join('');
  written = [];
  write(ours);
  return [theirs, written.join('')];
}

describe('workflow commands on stdout, as @actions/core writes them', () => {
  it.each(HOSTILE)('messages and masks: %j', (text) => {
    const [theirs, mine] = both((api) => {
      api.setSecret(text);
      api.debug(text);
      api.warning(text);
      api.error(text);
      api.notice(text);
      api.startGroup(text);
      api.endGroup();
    });
    expect(mine).toBe(theirs);
    // Every command is one line whatever the text holds.
    expect(mine.split('\n')).toHaveLength(8);
    expect(mine).not.toMatch(/\r/);
    expect(both((api) => api.info(text))).toEqual([`${text}\n`, `${text}\n`]);
  });

  it.each(HOSTILE)('annotation properties: %j', (text) => {
    const properties = { title: text, file: `dir/${text}.yml`, startLine: 3, endLine: 4, startColumn: 5, endColumn: 6 };
    const [theirs, mine] = both((api) => {
      api.error(text, properties);
      api.warning(text, { title: text });
      api.notice(text, { file: text, startLine: 0 });
      api.error(new Error(text), { title: text });
    });
    expect(mine).toBe(theirs);
    expect(mine.split('\n')[0]).not.toMatch(/[\r]/);
  });

  it('setFailed sets exit code 1 and writes an error', () => {
    const [theirs, mine] = both((api) => {
      process.exitCode = 0;
      api.setFailed('bad:\n%spec, really');
      expect(process.exitCode).toBe(1);
    });
    expect(mine).toBe(theirs);
    expect(mine).toBe('::error::bad:%0A%25spec, really\n');
  });

  it('escapes data and properties as documented', () => {
    expect(ours.formatCommand('error', { title: 'a:b,c%\r\n', file: '' }, 'x%y\r\nz:,')).toBe('::error title=a%3Ab%2Cc%25%0D%0A::x%25y%0D%0Az:,');
    expect(ours.formatCommand('', {}, undefined)).toBe('::missing.command::');
  });
});

describe('outputs and state', () => {
  const delimiter = /ghadelimiter_[0-9a-f-]{36}/g;

  it.each(HOSTILE)('GITHUB_OUTPUT and GITHUB_STATE files: %j', (text) => {
    const files = ['theirs', 'mine'].map((who) => {
      const output = path.join(dir, `output-${who}`);
      const state = path.join(dir, `state-${who}`);
      writeFileSync(output, '');
      writeFileSync(state, '');
      return { output, state };
    });
    const apis = [core, ours] as const;
    apis.forEach((api, i) => {
      process.env.GITHUB_OUTPUT = files[i]!.output;
      process.env.GITHUB_STATE = files[i]!.state;
      api.setOutput('status', text);
      api.setOutput('run-ids', [1, 2]);
      api.saveState('startedJobs', text);
    });
    const read = (file: string) => readFileSync(file, 'utf8').replace(delimiter, 'DELIMITER');
    expect(read(files[1]!.output)).toBe(read(files[0]!.output));
    expect(read(files[1]!.state)).toBe(read(files[0]!.state));
    expect(read(files[1]!.output)).toContain(`status<<DELIMITER\n${text}\nDELIMITER\n`);
  });

  it('without the files: the ::set-output:: and ::save-state:: commands', () => {
    delete process.env.GITHUB_OUTPUT;
    delete process.env.GITHUB_STATE;
    const [theirs, mine] = both((api) => {
      api.setOutput('a:b', 'x\ny');
      api.saveState('s,t', { v: '%' });
    });
    expect(mine).toBe(theirs);
  });

  it('a file command whose file is missing fails as @actions/core does', () => {
    process.env.GITHUB_OUTPUT = path.join(dir, 'no-such-file');
    expect(() => ours.setOutput('x', 'y')).toThrow(/Missing file at path/);
    expect(() => core.setOutput('x', 'y')).toThrow(/Missing file at path/);
  });

  it('a value holding the delimiter is refused', () => {
    expect(() => ours.keyValueMessage('name', 'a ghadelimiter_x b', 'ghadelimiter_x')).toThrow(/should not contain the delimiter/);
  });

  it.each([
    ['spec', 'spec'],
    ['api-key', 'api-key'],
    ['with space', 'with space'],
  ])('getInput(%j) and getState read the same variables', (name) => {
    process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = '  value\n ';
    process.env[`STATE_${name}`] = ' kept ';
    expect(ours.getInput(name)).toBe(core.getInput(name));
    expect(ours.getInput(name)).toBe('value');
    expect(ours.getState(name)).toBe(core.getState(name));
    expect(ours.getInput('unset-input')).toBe(core.getInput('unset-input'));
    expect(ours.getState('unsetState')).toBe('');
  });
});

describe('the job summary', () => {
  it('appends the markdown as core.summary.addRaw(markdown).write() does', async () => {
    // @actions/core remembers the summary file after its first write: one file per writer, set once.
    const theirs = path.join(dir, 'summary-theirs');
    const mine = path.join(dir, 'summary-mine');
    writeFileSync(theirs, 'before\n');
    writeFileSync(mine, 'before\n');
    for (const text of HOSTILE) {
      process.env.GITHUB_STEP_SUMMARY = theirs;
      await core.summary.addRaw(`## ${text}\n| a | b |\n`).write();
      process.env.GITHUB_STEP_SUMMARY = mine;
      await ours.appendSummary(`## ${text}\n| a | b |\n`);
    }
    expect(readFileSync(mine, 'utf8')).toBe(readFileSync(theirs, 'utf8'));
  });

  it('without GITHUB_STEP_SUMMARY, or with a file it cannot write, it throws (publish turns that into a warning)', async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    await expect(ours.appendSummary('x')).rejects.toThrow(/GITHUB_STEP_SUMMARY/);
    process.env.GITHUB_STEP_SUMMARY = path.join(dir, 'missing-dir', 'summary');
    await expect(ours.appendSummary('x')).rejects.toThrow(/Unable to access summary file/);
  });
});
