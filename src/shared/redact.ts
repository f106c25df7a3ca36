/**
 * Secrets never reach logs, summaries, comments or report files. Every secret the run learns
 * (API key, token, connection URLs and their passwords) is registered here the moment it is read;
 * every text leaving the process goes through `redact`. Passwords inside URLs, and values of
 * parameters named like a password (`password=`, `sslpassword=`, `pwd=`…), are also removed by
 * pattern, so a driver error quoting a URL we never registered is still safe.
 *
 * What a URL registers (connection-url.ts), so that nothing a parser reads from it can leak and no
 * report is censored by it:
 * - hidden wherever it occurs: the URL as written, decoded and as a URL parser normalises it, and its
 *   password (and the values of its password parameters), each raw, percent-decoded and
 *   percent-encoded. A well-formed URL registers nothing else: every parser reads that password
 *   whole, so `pass:word` never hides "pass" or "word" in a report.
 * - hidden where it stands as a word of its own, in any letter case: each other piece a parser may
 *   take from a password that breaks the URL (finding 9's `mysql://u:P@ssLongSecretPart/1@host`
 *   reads the host `ssLongSecretPart`, which a parser prints lower-cased, between spaces, quotes or
 *   `:`). Inside a longer word it is not what a parser printed, and stays: a piece `word` leaves
 *   `password` readable.
 * Nothing shorter than 4 characters is registered.
 */
import { isSecretParameter, passwordReadings, queryPasswords } from './connection-url.js';

const MASK = '***';
/** The shortest text registered: a shorter one would censor reports and hide next to nothing. */
const MIN_SECRET = 4;
const secrets = new Set<string>();
const pieces = new Set<string>();
/** Every piece as one pattern, bounded by non-word characters; rebuilt when a piece is added. */
let piecePattern: RegExp | undefined;

/** Registers a secret (for a URL: every way it can be read, see `readingsOf`). */
export function addSecret(value: string | undefined | null): void {
  const readings = readingsOf(value);
  for (const secret of readings.whole) secrets.add(secret);
  const before = pieces.size;
  for (const piece of readings.pieces) pieces.add(piece);
  if (pieces.size !== before) piecePattern = wordPattern([...pieces]);
}

/**
 * The strings to hide for one secret value (see the top of this file): the whole ones, then the
 * pieces of a password that breaks its URL. For texts of one job or request (`redactWith`).
 */
export function secretsIn(value: string | undefined | null): string[] {
  const { whole, pieces: parts } = readingsOf(value);
  return [...whole, ...parts];
}

/** What to hide of one value: `whole` wherever it occurs, `pieces` where they stand as words. */
function readingsOf(value: string | undefined | null): { whole: string[]; pieces: string[] } {
  if (!value) return { whole: [], pieces: [] };
  const whole = new Set([value, safeDecode(value, decodeURI)]);
  const { password, pieces: parts } = passwordReadings(value);
  const parameters = queryPasswords(value);
  if (password !== undefined || parts.length > 0 || parameters.length > 0) whole.add(normalised(value));
  for (const secret of [password, parsedPassword(value, parts), ...parameters]) for (const spelling of spellingsOf(secret)) whole.add(spelling);
  const broken = new Set(parts.flatMap(spellingsOf).filter((piece) => !whole.has(piece)));
  const long = (texts: Iterable<string>) => [...texts].filter((text) => text.length >= MIN_SECRET);
  return { whole: long(whole), pieces: long(broken) };
}

/** A secret raw, percent-decoded and percent-encoded. */
function spellingsOf(secret: string | undefined): string[] {
  if (secret === undefined) return [];
  const decoded = safeDecode(secret);
  return [secret, decoded, encodeURIComponent(decoded)];
}

/** The password as WHATWG's parser spells it (percent-encoding some characters), for a URL read one way. */
function parsedPassword(url: string, pieces: readonly string[]): string | undefined {
  if (pieces.length > 0) return undefined;
  try {
    return new URL(url).password || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `redact` plus secrets known only to one job or request (the service's data source URLs): a tenant's
 * URL is hidden in that tenant's texts without joining the process-wide list, so it can neither grow
 * that list nor censor another tenant's output.
 */
export function redactWith(text: string, extra: readonly string[]): string {
  let out = text;
  for (const secret of [...extra].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_SECRET && out.includes(secret)) out = out.split(secret).join(MASK);
  }
  return redact(out);
}

/**
 * Every secret registered to be hidden wherever it occurs, longest first (so a secret containing
 * another is masked whole). The pieces of a broken password are not among them: they are hidden as
 * words by `redact` only (a runner's substring masking would censor every word holding one).
 */
export function registeredSecrets(): string[] {
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** Forget every registered secret (tests only). */
export function clearSecrets(): void {
  secrets.clear();
  pieces.clear();
  piecePattern = undefined;
}

/** How far after `scheme://` a user name, and after it a password, is looked for. */
const MAX_USER = 256;
const MAX_PASSWORD = 512;
// name=value, the name a whole run of word characters (so `sslpassword=` is one name, not `password=`
// after a boundary the `\b` of a pattern would need); masked when isSecretParameter says so
const KV_PARAMETER = /(?<![\w.-])([\w.-]+)=([^\s;&]+)/g;
// Authorization: Bearer xxx
const BEARER = /\b(Bearer\s+)([A-Za-z0-9._~+/=-]{4,})/g;

/** The text with every registered secret and every URL password replaced by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const secret of registeredSecrets()) {
    if (out.includes(secret)) out = out.split(secret).join(MASK);
  }
  if (piecePattern) out = out.replace(piecePattern, MASK);
  // Most texts (data values) hold no URL: skip the URL scan for them.
  if (out.includes('://')) out = maskUrlPasswords(out);
  if (out.includes('=')) out = out.replace(KV_PARAMETER, (pair: string, name: string) => (isSecretParameter(name) ? `${name}=${MASK}` : pair));
  return out.replace(BEARER, `$1${MASK}`);
}

/** The texts as one case-insensitive pattern matching each only where no letter, digit or `_` adjoins it. */
function wordPattern(texts: string[]): RegExp {
  const escaped = texts.sort((a, b) => b.length - a.length).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
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
