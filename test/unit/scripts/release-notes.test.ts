/** scripts/release-notes.js: the release workflow's notes are the CHANGELOG section of the tag's version. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-release-notes-'));
const changelog = path.join(dir, 'CHANGELOG.md');
writeFileSync(changelog, [
  '# Changelog', '', '## [Unreleased]', '', '## [1.1.0] - 2026-12-01', '', '### Added', '- a thing', '',
  '## [1.0.0] - 2026-11-27', '', '### Added', '- the first release', '', '## [0.9.0] - 2026-10-01', '',
].join('\n'));
const notes = (version: string) => spawnSync(process.execPath, ['scripts/release-notes.js', version, changelog], { encoding: 'utf8' });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('release-notes', () => {
  it('prints the section of the tag\'s version, up to the next version', () => {
    const result = notes('v1.0.0');
    expect(result.stdout).toBe('### Added\n- the first release\n');
    expect(result.status).toBe(0);
  });

  it('refuses a version the CHANGELOG does not describe, or describes with no notes', () => {
    for (const version of ['1.2.0', '0.9.0']) {
      const result = notes(version);
      expect(result.stderr).toContain(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section with notes`);
      expect(result.status).toBe(1);
    }
  });
});
