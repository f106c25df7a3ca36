// The third-party notices of a bundle (dist/licenses.txt for the action, build/cli/licenses.txt for
// the CLI): every package with code in the bundle, from the bundler's list of modules, with the text
// of its LICENSE/COPYING/NOTICE files, or the "License" section of its README when it ships no such
// file (pg-types, pgpass). scripts/check-licenses.js fails CI when a bundled package has no notice.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SEPARATOR = '-'.repeat(80);
const NOTICE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** The packages (node_modules folders, nested ones apart) that the given module paths belong to. */
export function bundledPackages(modulePaths, root) {
  const dirs = new Set();
  for (const modulePath of modulePaths) {
    const match = /^(.*node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)/.exec(modulePath.replace(/^\.[\\/]/, ''));
    if (match) dirs.add(path.resolve(root, match[1]));
  }
  return [...dirs].map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return { dir, name: manifest.name, version: manifest.version, license: licenseOf(manifest) };
  });
}

function licenseOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  return (manifest.licenses ?? []).map((l) => l.type ?? l).join(' OR ') || 'UNKNOWN';
}

/** The notice text of a package folder: its license files, else its README's License section, else ''. */
export function noticeOf(dir) {
  const files = readdirSync(dir).filter((name) => NOTICE_FILE.test(name) && statSync(path.join(dir, name)).isFile()).sort();
  if (files.length > 0) return files.map((name) => readFileSync(path.join(dir, name), 'utf8').trim()).join('\n\n');
  const readme = readdirSync(dir).find((name) => /^readme(\.md|\.markdown)?$/i.test(name));
  if (!readme) return '';
  const match = /^#{1,3} *licen[cs]e\b[^\n]*\n([\s\S]*?)(?=^#{1,3} |(?![\s\S]))/im.exec(readFileSync(path.join(dir, readme), 'utf8'));
  return match ? match[1].trim() : '';
}

/** Our own notice (LICENSE at the repository root) first, then every package by name and version. */
export function renderNotices(packages, root) {
  const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const entries = [{ name: own.name, version: own.version, license: own.license, text: readOwnLicense(root) }];
  const sorted = [...packages].sort((a, b) => `${a.name}@${a.version}`.localeCompare(`${b.name}@${b.version}`));
  const seen = new Set();
  for (const pkg of sorted) {
    const key = `${pkg.name}@${pkg.version}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ ...pkg, text: noticeOf(pkg.dir) });
  }
  return `${entries.map((e) => `${e.name}@${e.version} (${e.license})\n\n${e.text}\n`).join(`\n${SEPARATOR}\n\n`)}`;
}

function readOwnLicense(root) {
  const file = path.join(root, 'LICENSE');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

/** name@version → notice text, from a file written by renderNotices. */
export function parseNotices(text) {
  const notices = new Map();
  for (const block of text.split(`\n${SEPARATOR}\n`)) {
    const [header, ...rest] = block.trim().split('\n');
    const key = /^(\S+@\S+) \(/.exec(header ?? '')?.[1];
    if (key) notices.set(key, rest.join('\n').trim());
  }
  return notices;
}
