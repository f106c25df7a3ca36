/**
 * Which columns hold personal or secret data: by the column's name (in English, German, French,
 * Spanish, Portuguese and Dutch spellings) and by a few of its values (e-mail, phone, card numbers
 * with their Luhn digit, IBAN with its mod-97 check, IP addresses, JWTs and API-key shapes, US SSNs),
 * each with a confidence and the reason. Precision matters as much as recall: a column *about* such
 * data (email_sent_count, phone_verified, ip_count) holds none of it.
 */
import { isIP } from 'node:net';
import { personNameReason } from './person-names.js';

export type SensitiveKind = 'email' | 'phone' | 'person-name' | 'address' | 'birth-date' | 'national-id' | 'financial' | 'ip-address' | 'secret';

export interface Detection {
  sensitive: boolean;
  kind?: SensitiveKind;
  /** 0 … 1. */
  confidence: number;
  reason: string;
}

/** Name tokens (after splitting snake_case, camelCase and digits) per kind; multi-token spellings joined by `_`. */
const NAME_TOKENS: Record<SensitiveKind, string[]> = {
  email: ['email', 'e_mail', 'emailaddress', 'mail_address', 'courriel', 'correo', 'emailadres', 'emailadresse', 'mailadresse'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cellphone', 'cell_phone', 'fax', 'telefon', 'telefone', 'telefoon', 'telefono', 'teléfono', 'téléphone', 'handy', 'portable', 'movil', 'móvil', 'celular', 'mobiel', 'msisdn'],
  'person-name': ['first_name', 'firstname', 'last_name', 'lastname', 'full_name', 'fullname', 'given_name', 'family_name', 'middle_name', 'maiden_name', 'surname', 'prenom', 'prénom', 'nom_de_famille', 'vorname', 'nachname', 'familienname', 'apellido', 'apellidos', 'sobrenome', 'voornaam', 'achternaam', 'contact_name', 'customer_name', 'person_name', 'cardholder', 'cardholder_name'],
  address: ['address', 'street', 'street_address', 'address_line', 'addr', 'adresse', 'strasse', 'straße', 'rue', 'calle', 'direccion', 'dirección', 'endereco', 'endereço', 'adres', 'straat', 'postcode', 'zip', 'zipcode', 'zip_code', 'postal_code', 'postleitzahl', 'plz', 'codigo_postal', 'code_postal', 'home_address', 'billing_address', 'shipping_address'],
  'birth-date': ['birth', 'birthday', 'birthdate', 'birth_date', 'date_of_birth', 'dob', 'geburtsdatum', 'geburtstag', 'naissance', 'date_naissance', 'nacimiento', 'fecha_nacimiento', 'nascimento', 'data_nascimento', 'geboortedatum'],
  'national-id': ['ssn', 'social_security', 'social_security_number', 'national_id', 'nationalid', 'passport', 'passport_number', 'tax_id', 'taxid', 'nif', 'nie', 'dni', 'cpf', 'bsn', 'steuer_id', 'steuernummer', 'insee', 'nir', 'personalausweis', 'id_card', 'idcard', 'driver_license', 'drivers_license', 'license_number', 'sozialversicherungsnummer'],
  financial: ['iban', 'card_number', 'cardnumber', 'cc_number', 'ccnumber', 'credit_card', 'creditcard', 'pan', 'cvv', 'cvc', 'account_number', 'accountnumber', 'acct_no', 'bank_account', 'routing_number', 'kontonummer', 'rekeningnummer', 'numero_cuenta', 'numero_conta'],
  'ip-address': ['ip', 'ip_address', 'ipaddress', 'ipv4', 'ipv6', 'client_ip', 'remote_ip', 'remote_addr', 'remote_address', 'ip_addr', 'last_ip', 'login_ip'],
  secret: ['password', 'passwd', 'pwd', 'password_hash', 'secret', 'client_secret', 'token', 'access_token', 'refresh_token', 'auth_token', 'api_key', 'apikey', 'access_key', 'secret_key', 'private_key', 'credential', 'credentials', 'passwort', 'mot_de_passe', 'contrasena', 'contraseña', 'senha', 'wachtwoord', 'session_token', 'session_id'],
};

/** Tokens that make a column *about* the data rather than the data: counts, flags, states, settings. */
const ABOUT_TOKENS = new Set([
  'count', 'cnt', 'counter', 'sent', 'verified', 'confirmed', 'is', 'has', 'flag', 'enabled', 'disabled', 'valid', 'validated', 'opt', 'optin', 'optout', 'opted',
  'bounced', 'bounce', 'status', 'state', 'type', 'format', 'length', 'len', 'template', 'campaign', 'subscribed', 'unsubscribed', 'preference', 'pref', 'prefs',
  'notification', 'notifications', 'provider', 'domain', 'changed', 'updated', 'expires', 'expiry', 'expired', 'at', 'attempts', 'total', 'num', 'max', 'min',
  'avg', 'rate', 'score', 'policy', 'required', 'reset', 'version', 'country', 'region', 'id', 'key', 'column', 'field', 'label', 'kind', 'source', 'hint',
]);

/** Words that read as a sensitive name token but do not mean it in these positions. */
const SPLIT = /[^a-z0-9\u00c0-\u024f]+/;

/** The column name as lower-case tokens: `billingEmail2` → ['billing', 'email']. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(SPLIT)
    .map((token) => token.replace(/\d+$/, ''))
    .filter((token) => token !== '');
}

/** Every spelling, indexed by its first token (and by its joined text, for `emailaddress`-style names). */
const SPELLINGS = (() => {
  const byFirst = new Map<string, { kind: SensitiveKind; spelling: string; parts: string[] }[]>();
  const byJoined = new Map<string, { kind: SensitiveKind; spelling: string; parts: string[] }>();
  for (const [kind, spellings] of Object.entries(NAME_TOKENS) as [SensitiveKind, string[]][]) {
    for (const spelling of spellings) {
      const entry = { kind, spelling, parts: spelling.split('_') };
      const list = byFirst.get(entry.parts[0]!) ?? [];
      list.push(entry);
      byFirst.set(entry.parts[0]!, list);
      if (!byJoined.has(spelling) || byJoined.get(spelling)!.spelling.length < spelling.length) byJoined.set(spelling, entry);
    }
  }
  return { byFirst, byJoined };
})();

function byName(name: string): { kind: SensitiveKind; matched: string } | { about: string; kind: SensitiveKind } | undefined {
  const tokens = nameTokens(name);
  // The longest spelling wins: ip_address is an IP address, not a postal one.
  let best: { kind: SensitiveKind; spelling: string; at: number; parts: string[] } | undefined;
  const joinedMatch = SPELLINGS.byJoined.get(tokens.join('_'));
  if (joinedMatch) best = { ...joinedMatch, at: findSequence(tokens, joinedMatch.parts) };
  tokens.forEach((token, i) => {
    for (const entry of SPELLINGS.byFirst.get(token) ?? []) {
      if (!entry.parts.every((part, j) => tokens[i + j] === part)) continue;
      if (!best || entry.spelling.length > best.spelling.length) best = { ...entry, at: findSequence(tokens, entry.parts) };
    }
  });
  if (!best) return undefined;
  const { kind, spelling, at, parts } = best;
  const rest = tokens.filter((_, i) => at < 0 || i < at || i >= at + parts.length);
  // 'id' after a kind that is itself an identifier (national_id, session_id) is that kind's own word
  const about = rest.find((token) => ABOUT_TOKENS.has(token) && !(token === 'id' && parts.includes('id')));
  return about ? { about, kind } : { kind, matched: spelling };
}

function findSequence(tokens: readonly string[], parts: readonly string[]): number {
  for (let i = 0; i + parts.length <= tokens.length; i++) if (parts.every((part, j) => tokens[i + j] === part)) return i;
  return -1;
}

const EMAIL = /^[^\s@<>()[\]]{1,64}@[^\s@<>()[\]]+\.[a-z]{2,}$/i;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const SSN = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
const JWT = /^eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}$/;
const API_KEY = /^(sk_live_|sk_test_|rk_live_|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|AKIA[0-9A-Z]{16}$|AIza[\w-]{35}$|glpat-|dck_)[\w-]*/;

/** A number passing the Luhn check (card numbers, 13–19 digits). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** An IBAN with a valid mod-97 check. */
export function validIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** What one value looks like, or undefined. */
export function valueKind(value: unknown): SensitiveKind | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (text.length < 5 || text.length > 500) return undefined;
  if (EMAIL.test(text)) return 'email';
  if (JWT.test(text) || API_KEY.test(text)) return 'secret';
  if (SSN.test(text)) return 'national-id';
  if (validIban(text)) return 'financial';
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d{13,19}$/.test(digits) && /^[\d\s-]+$/.test(text) && luhn(digits) && /^[3-6]/.test(digits)) return 'financial';
  // The cheap shape test first: node's isIP compiles a large IPv6 pattern on its first call (about 8 ms).
  if ((text.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(text)) && isIP(text) !== 0) return 'ip-address';
  // a decimal (1500375.25) is an amount or a measure, never a phone number
  if (DECIMAL.test(text)) return undefined;
  // a phone number is written as one: a leading + or separators, and 8–15 digits (a plain integer is an id)
  const phoneDigits = text.replace(/\D/g, '');
  if (PHONE.test(text) && /[+\s().-]/.test(text) && phoneDigits.length >= 8 && phoneDigits.length <= 15 && !/^\d{4}-\d\d-\d\d/.test(text)) return 'phone';
  return undefined;
}

/** A number with a fraction or a sign, or in exponent form, as databases write amounts and measures. */
const DECIMAL = /^[-+]?(\d+\.\d+|\d+(\.\d+)?e[-+]?\d+|[-+]\d+)$/i;

/**
 * A numeric column: every sampled value is a number (JSON) or written as a decimal. Its values alone
 * never make it personal data (an amount of 1500375.25 is no phone number); only its name can.
 * Unsigned digit strings are not counted: card numbers and identifiers are written so.
 */
export function numericSample(values: readonly unknown[]): boolean {
  return values.length > 0 && values.every((v) => typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && DECIMAL.test(v.trim())));
}

/** At least this share of a column's non-null sample must look alike to call it by its values. */
const VALUE_SHARE = 0.6;
const MIN_VALUES = 3;

export interface DetectOptions {
  /** Values needed to judge by values alone (default 3; masking a diff uses 1: one differing row is enough). */
  minValues?: number;
  /** The names of the other columns of its table or diff (a `name` beside an `email` is a person's). */
  neighbours?: readonly string[];
}

/** A column judged by its name, a small sample of its values (none needed) and its neighbours. */
export function detectSensitive(name: string, sample: readonly unknown[] = [], options: DetectOptions = {}): Detection {
  const minValues = options.minValues ?? MIN_VALUES;
  const named = byName(name);
  const values = sample.filter((v) => v !== null && v !== undefined && v !== '').slice(0, 200);
  const kinds = new Map<SensitiveKind, number>();
  for (const value of values) {
    const kind = valueKind(value);
    if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const [topKind, topCount] = [...kinds.entries()].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
  const numeric = numericSample(values);
  const byValues = !numeric && values.length >= minValues && topCount / values.length >= VALUE_SHARE ? topKind : undefined;

  if (named && 'matched' in named) {
    const confirmed = byValues === named.kind;
    return {
      sensitive: true,
      kind: named.kind,
      confidence: confirmed ? 0.97 : 0.8,
      reason: `the name says ${named.kind} (\`${named.matched}\`)${confirmed ? ` and ${topCount} of ${values.length} sampled values are one` : ''}`,
    };
  }
  if (byValues && byValues !== 'phone') {
    return { sensitive: true, kind: byValues, confidence: 0.9, reason: `${topCount} of ${values.length} sampled values look like ${byValues}` };
  }
  if (byValues === 'phone' && !named) {
    return { sensitive: true, kind: 'phone', confidence: 0.7, reason: `${topCount} of ${values.length} sampled values look like phone numbers` };
  }
  if (named && 'about' in named) {
    return { sensitive: false, confidence: 0.8, reason: `about ${named.kind} (\`${named.about}\`), not the data itself` };
  }
  if (numeric && topKind) return { sensitive: false, confidence: 0.9, reason: 'numbers (amounts, measures) are not personal data by their values alone' };
  const person = personNameReason(nameTokens(name), values, options.neighbours ?? [], minValues);
  if (person) return { sensitive: true, kind: 'person-name', confidence: 0.75, reason: person };
  return { sensitive: false, confidence: 0.9, reason: 'neither the name nor the sampled values look personal or secret' };
}
