/**
 * Secrets never reach logs, summaries, comments or report files. Every secret the run learns
 * (API key, token, connection URLs and their passwords) is registered here the moment it is read;
 * every text leaving the process goes through `redact`. Passwords inside URLs are also removed by
 * pattern, so a driver error quoting a URL we never registered is still safe.
 *
 * A URL counts as every way it can be read (connection-url.ts): the text as written and as a URL
 * parser normalises it, and every piece a parser may take as its password (or, when the password
 * breaks the URL, as host, user or database), each raw, percent-decoded and percent-encoded.
 */
import { passwordReadings, queryPasswords } from './connection-url.js';

const MASK = '***';
const secrets = new Set<string>();

/** Registers a secret (for a URL: every way it can be read, see `secretsIn`). */
export function addSecret(value: string | undefined | null): void {
  for (const candidate of secretsIn(value)) secrets.add(candidate);
}

/**
 * The strings to hide for one secret value, at least 4 characters each: itself and, for a URL, its
 * normalised and decoded forms, every reading of its password (and of the pieces a broken password
 * leaves as host, user or database), and the values of its password parameters, each raw, decoded
 * and encoded.
 */
export function secretsIn(value: string | undefined | null): string[] {
  if (!value) return [];
  const candidates = new Set([value, safeDecode(value, decodeURI)]);
  const pieces = [...passwordReadings(value), ...queryPasswords(value)];
  if (pieces.length > 0) candidates.add(normalised(value));
  for (const piece of pieces) {
    const decoded = safeDecode(piece);
    candidates.add(piece).add(decoded).add(encodeURIComponent(decoded));
  }
  return [...candidates].filter((candidate) => candidate.length >= 4);
}

/**
 * `redact` plus secrets known only to one job or request (the service's data source URLs): a tenant's
 * URL is hidden in that tenant's texts without joining the process-wide list, so it can neither grow
 * that list nor censor another tenant's output.
 */
export function redactWith(text: string, extra: readonly string[]): string {
  let out = text;
  for (const secret of [...extra].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(MASK);
  }
  return redact(out);
}

/** Every registered secret, longest first (so a secret containing another is masked whole). */
export function registeredSecrets(): string[] {
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** Forget every registered secret (tests only). */
export function clearSecrets(): void {
  secrets.clear();
}

/** How far after `scheme://` a user name, and after it a password, is looked for. */
const MAX_USER = 256;
const MAX_PASSWORD = 512;
// password=... in key/value connection strings
const KV_PASSWORD = /\b(password|passwd|pwd)=([^\s;&]+)/gi;
// Authorization: Bearer xxx
const BEARER = /\b(Bearer\s+)([A-Za-z0-9._~+/=-]{4,})/g;

/** The text with every registered secret and every URL password replaced by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const secret of registeredSecrets()) {
    if (out.includes(secret)) out = out.split(secret).join(MASK);
  }
  // Most texts (data values) hold no URL: skip the URL scan for them.
  if (out.includes('://')) out = maskUrlPasswords(out);
  return out
    .replace(KV_PASSWORD, `$1=${MASK}`)
    .replace(BEARER, `$1${MASK}`);
}

/**
 * scheme://user:password@host → scheme://user:***@host, the password running to the last `@` before a
 * space (one holding a raw `@` or `/` is hidden whole). `scheme://host:port/…@…` has no password: a port
 * of digits then a path is a reading every parser agrees on, and its `@` belongs to the path. A scan, not a regular expression: each `://`
 * costs at most MAX_USER + MAX_PASSWORD steps, so a data value made of `://`s stays linear.
 */
function maskUrlPasswords(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('://'); at !== -1; at = text.indexOf('://', at + 3)) {
    if (at === 0 || !/[a-z0-9+.-]/i.test(text[at - 1]!)) continue;
    const user = text.slice(at + 3, at + 3 + MAX_USER).search(/[\s:/@]/);
    if (user === -1 || text[at + 3 + user] !== ':') continue;
    const colon = at + 3 + user;
    const window = text.slice(colon + 1, colon + 1 + MAX_PASSWORD);
    // host:port/path…@…: the `@` is in the path (an npm scope, `registry:4873/@scope%2fname`), no password
    const pathStart = window.search(/[/?#]/);
    if (pathStart > 0 && /^\d{1,5}$/.test(window.slice(0, pathStart)) && window.indexOf('@') > pathStart) continue;
    const space = window.search(/\s/);
    const lastAt = colon + 1 + window.lastIndexOf('@', space === -1 ? window.length : space - 1);
    if (lastAt <= colon + 1) continue;
    out += `${text.slice(copied, colon + 1)}${MASK}`;
    copied = lastAt;
    at = lastAt;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function safeDecode(text: string, decode: (text: string) => string = decodeURIComponent): string {
  try {
    return decode(text);
  } catch {
    return text;
  }
}

/** The URL as WHATWG's parser writes it back (what `new URL(…).href` quotes), or itself. */
function normalised(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
