// `node scripts/release-notes.js 1.2.3 [CHANGELOG.md]`: prints CHANGELOG.md's section of that version (the lines under
// "## [1.2.3] - date" up to the next "## ["), the release workflow's notes. Exits 1 when the section is
// missing or empty, so a tag whose version the CHANGELOG does not describe is never released.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function releaseNotes(changelog, version) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## [${version}]`));
  if (start === -1) return undefined;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## ['));
  const notes = lines.slice(start + 1, end === -1 ? undefined : end).join('\n').trim();
  return notes || undefined;
}

const version = (process.argv[2] ?? '').replace(/^v/, '');
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error('usage: node scripts/release-notes.js X.Y.Z');
  process.exit(2);
}
const file = process.argv[3] ?? path.resolve(import.meta.dirname, '../CHANGELOG.md');
const notes = releaseNotes(readFileSync(file, 'utf8'), version);
if (!notes) {
  console.error(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section with notes: move the Unreleased entries under it before tagging.`);
  process.exit(1);
}
console.log(notes);
