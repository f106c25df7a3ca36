/**
 * Secrets never reach logs, summaries, comments or report files. Every secret the run learns
 * (API key, token, connection URLs and their passwords) is registered here the moment it is read;
 * every text leaving the process goes through `redact`. Passwords inside URLs are also removed by
 * pattern, so a driver error quoting a URL we never registered is still safe.
 */

const MASK = '***';
const secrets = new Set<string>();

/** Registers a secret (and, for URLs, the password inside). Values shorter than 4 chars are ignored. */
export function addSecret(value: string | undefined | null): void {
  if (!value) return;
  const candidates = [value];
  const password = passwordInUrl(value);
  if (password) candidates.push(password, safeDecode(password));
  for (const candidate of candidates) {
    if (candidate.length >= 4) secrets.add(candidate);
  }
}

/** The strings to hide for one secret value: itself and, for a URL, its password (raw and decoded); at least 4 characters each. */
export function secretsIn(value: string | undefined | null): string[] {
  if (!value) return [];
  const password = passwordInUrl(value);
  const candidates = password ? [value, password, safeDecode(password)] : [value];
  return [...new Set(candidates.filter((candidate) => candidate.length >= 4))];
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

// scheme://user:password@host  →  scheme://user:***@host (the scheme is capped at 32 characters so a long run of letters costs linear time, not quadratic)
const URL_PASSWORD = /([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]*:)([^\s@/]+)(@)/gi;
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
  // Most texts (data values) hold no URL: skip the URL pattern for them.
  if (out.includes('://')) out = out.replace(URL_PASSWORD, `$1${MASK}$3`);
  return out
    .replace(KV_PASSWORD, `$1=${MASK}`)
    .replace(BEARER, `$1${MASK}`);
}

function passwordInUrl(value: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s@/]+)@/i.exec(value);
  return match?.[1];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
