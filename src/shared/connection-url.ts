/**
 * A connection URL is read one way, or not at all. Parsers disagree on a URL whose user or password
 * holds a raw `@`, `/`, `?` or `#`: WHATWG's URL (node-pg, mysql2, ours) ends the user:password part at
 * the first `/`, `?` or `#` and splits it at its last `@`; libpq splits at the first `@`. In
 * `mysql://u:P@ss/1@host/db` one reads the host `ss` — a piece of the password — and connects there,
 * printing it in every error. So every reader of a connection URL (the spec's rules, the dialects, the
 * service, the proxy) asks here first, and a URL that can be split more than one way is refused with a
 * message that quotes no part of it (not even the host: it may be a piece of the password).
 *
 * Refused: a space or control character anywhere; a `%` not followed by two hex digits; a `#`; an `@`
 * other than the single one before the host (two `@`s, or one after a `/`, `?` or `#`); a
 * percent-encoded user, password or database that is not UTF-8; anything WHATWG's parser rejects
 * (a port that is not a number…).
 */
import { ConfigurationError } from './errors.js';

export interface UrlProblem {
  /** Reads after "the url of …": says what is wrong, quoting no part of the URL. */
  message: string;
  hint: string;
}

/** How many separators one reading of `passwordReadings` may span. */
const MAX_JOINED = 8;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const PERCENT_ENCODE =
  'percent-encode the password and user: write each special character as `%` and its hex code (`@` → `%40`, `/` → `%2F`, `?` → `%3F`, `#` → `%23`, `%` → `%25`, a space → `%20`; encodeURIComponent does it); no part of the URL is printed';

/** Why `url` cannot be read one way only, in words that quote no part of it; undefined when it can. */
export function connectionUrlProblem(url: string): UrlProblem | undefined {
  const scheme = SCHEME.exec(url);
  if (!scheme) {
    return { message: 'is not a URL', hint: 'write scheme://user:password@host:port/database, e.g. postgres://reader:…@db.internal:5432/shop; no part of the text is printed' };
  }
  if (/[\s\u0000-\u001f\u007f]/.test(url)) {
    return { message: 'holds a space or a control character, which URL parsers read differently', hint: PERCENT_ENCODE };
  }
  if (/%(?![0-9a-f]{2})/i.test(url)) {
    return { message: 'holds a `%` not followed by two hexadecimal digits, which URL parsers read differently', hint: PERCENT_ENCODE };
  }
  if (url.includes('#')) {
    return { message: 'holds a `#`, where a URL ends: the rest would be dropped or read as the host', hint: PERCENT_ENCODE };
  }
  const rest = url.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const ats = count(rest, '@');
  if (ats > 1 || ats > count(authority, '@')) {
    return {
      message: 'cannot be split one way into user, password and host: an `@`, `/` or `?` in the password (or user) ends it early, and the rest of it would be read as the host',
      hint: PERCENT_ENCODE,
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { message: 'cannot be read as a URL (is the port a number?)', hint: `write scheme://user:password@host:port/database, and ${PERCENT_ENCODE}` };
  }
  for (const part of [parsed.username, parsed.password, parsed.pathname]) {
    try {
      decodeURIComponent(part);
    } catch {
      return { message: 'holds a percent-encoded sequence that is not UTF-8 text', hint: PERCENT_ENCODE };
    }
  }
  return undefined;
}

/**
 * The URL, parsed, when it reads one way only; otherwise a ConfigurationError that names `subject`
 * (`the url of data source "shop"`) and quotes no part of the URL.
 */
export function readConnectionUrl(url: string, subject: string): URL {
  const problem = connectionUrlProblem(url);
  if (problem) throw new ConfigurationError(`${capitalised(subject)} ${problem.message}.`, { hint: capitalised(problem.hint) + '.' });
  return new URL(url);
}

/** A URL's password as written, and the other texts a parser may carve out of it when it breaks the URL. */
export interface PasswordReadings {
  /** The text between the user's `:` and the last `@` (undefined: no password). */
  password: string | undefined;
  /**
   * Only for a URL that cannot be read one way (connectionUrlProblem): every other text a parser may
   * take from its user:password part as a password, host, user or database. Empty for a well-formed
   * URL, which every parser splits the same way.
   */
  pieces: string[];
}

/**
 * What redact.ts hides of `url`'s password. For a URL read one way, the password alone. For a
 * broken one (a raw `@`, `/`, `?`… in it), also each run of the user:password part between the
 * characters parsers split on (`:`, `@`, `/`, `?`, `#`, spaces), except the leading run alone, which
 * every parser reads as the user.
 */
export function passwordReadings(url: string): PasswordReadings {
  const scheme = SCHEME.exec(url);
  if (!scheme) return { password: undefined, pieces: [] };
  const rest = url.slice(scheme[0].length);
  const lastAt = rest.lastIndexOf('@');
  if (lastAt === -1) return { password: undefined, pieces: [] };
  const userinfo = rest.slice(0, lastAt);
  const colon = userinfo.indexOf(':');
  const password = colon === -1 ? undefined : userinfo.slice(colon + 1);
  if (!connectionUrlProblem(url)) return { password, pieces: [] };
  const cuts = [-1];
  for (let index = 0; index < userinfo.length; index++) if (/[:@/?#\s]/.test(userinfo[index]!)) cuts.push(index);
  cuts.push(userinfo.length);
  const pieces = new Set<string>(cuts.length > 2 ? [userinfo] : []);
  // Runs from one cut to a later one (at most MAX_JOINED cuts apart: a URL is short, and a text made
  // of separators must not cost quadratic memory); the first run alone (up to the first cut) is the user.
  for (let from = 0; from < cuts.length - 1; from++) {
    for (let to = from + 1; to < cuts.length && to - from <= MAX_JOINED; to++) {
      if (from === 0 && to === 1) continue;
      pieces.add(userinfo.slice(cuts[from]! + 1, cuts[to]));
    }
    if (from > 0) pieces.add(userinfo.slice(cuts[from]! + 1));
  }
  pieces.delete('');
  if (password !== undefined) pieces.delete(password);
  return { password, pieces: [...pieces] };
}

/**
 * Whether a query or key=value parameter of this name holds a secret: its name ends in password,
 * passwd, passphrase, pwd, secret or token, is (or ends in `_`/`-`/`.` and) pass, or is sslkey (the
 * key itself in some drivers). `passed`, `password_reset_count` or `compass` are not.
 */
export function isSecretParameter(name: string): boolean {
  return /(password|passwd|passphrase|pwd|secret|token)$|(^|[_.-])pass$|^sslkey$/i.test(name);
}

/** Values of the query parameters drivers read as a secret (`?password=`, `?sslpassword=`…: isSecretParameter). */
export function queryPasswords(url: string): string[] {
  const query = url.indexOf('?');
  if (query === -1) return [];
  const found: string[] = [];
  for (const pair of url.slice(query + 1).split(/[&#]/)) {
    const equals = pair.indexOf('=');
    if (equals > 0 && isSecretParameter(pair.slice(0, equals))) found.push(pair.slice(equals + 1));
  }
  return found;
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
