/**
 * The canonical text of a collection (see `SqlCompiler.normalize`): `[` + one token per member,
 * joined by `,`, + `]`. A member's token is its canonical text in double quotes with `\` and `"`
 * escaped by a backslash (nothing else: every engine writes it with two REPLACEs), or `null`. A list
 * keeps its order; a set's tokens are distinct and sorted bytewise (code points), NULL stays NULL,
 * and `[]` (an empty collection) is neither NULL nor `""`.
 *
 * The SQL of each dialect builds it in the database (checksums compare hashes of it); this file
 * builds it in JavaScript from a JSON array (a JSON column, text read as a JSON array, SQLite) and
 * must give the same bytes.
 */
import { canonicalBoolean, canonicalDecimal, canonicalFloat, canonicalJson, canonicalLower, canonicalTimestamp, compareCodePoints, plainNumber } from './canonical.js';
import type { NormalizeOptions, TypeFamily } from './types.js';

/** A member's token: `"text"` with `\` and `"` escaped, or `null`. */
export function collectionToken(member: string | null): string {
  return member === null ? 'null' : `"${member.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The collection text of tokens: in their order (a list), or distinct and sorted bytewise (a set). */
export function collectionText(tokens: readonly string[], set: boolean): string {
  const ordered = set ? [...new Set(tokens)].sort(compareCodePoints) : tokens;
  return `[${ordered.join(',')}]`;
}

/** How the members of a collection read from JSON are normalised. */
export interface CollectionOptions {
  /** A set: distinct members, sorted. */
  set: boolean;
  /** The family the pair's members compare as (`text` when unknown). */
  member: TypeFamily;
  /** The members' normalisation options (case, scale, precision). */
  options: NormalizeOptions;
}

/** The collection options of a pair compared as `family` with these normalisation options. */
export function collectionOptions(family: TypeFamily, options: NormalizeOptions): CollectionOptions {
  return { set: family === 'set', member: options.member?.family ?? 'text', options: options.member?.options ?? { caseSensitive: options.caseSensitive } };
}

/** JSON.rawJSON (Node ≥ 21; not in the ES2023 lib types). */
const RawJson = JSON as unknown as { rawJSON(text: string): object };

/** A JSON number kept as written (no parameter property: the SQLite worker loads this file with type stripping in tests). */
class NumberText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
type SourceReviver = (key: string, value: unknown, context: { source?: string }) => unknown;
const keepNumberText: SourceReviver = (_key, value, context) => (typeof value === 'number' ? new NumberText(context.source ?? String(value)) : value);

/**
 * The canonical collection text of a JSON array (text or bytes). A JSON value that is not an array
 * gives its canonical JSON text (never equal to a collection's), and text that is not JSON is
 * returned as is: both show up as differences.
 */
export function canonicalCollection(value: unknown, options: CollectionOptions): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, keepNumberText as Parameters<typeof JSON.parse>[1]);
  } catch {
    return text;
  }
  if (!Array.isArray(parsed)) return canonicalJson(text);
  return collectionText(parsed.map((member) => collectionToken(memberText(member, options))), options.set);
}

/**
 * The canonical collection text of a MySQL/MariaDB SET's own text (its members joined by commas,
 * which a member cannot contain; `''` is the empty set), for a SET whose members are not declared
 * (a query's column).
 */
export function canonicalSetText(value: unknown, options: CollectionOptions): string | null {
  if (value === null || value === undefined) return null;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  const members = text === '' ? [] : text.split(',');
  return collectionText(members.map((member) => collectionToken(memberText(member, options))), options.set);
}

function memberText(member: unknown, { member: family, options }: CollectionOptions): string | null {
  if (member === null || member === undefined) return null;
  if (member instanceof NumberText) {
    if (family === 'integer' || family === 'decimal') return canonicalDecimal(member.text, options.scale);
    if (family === 'float') return canonicalFloat(member.text, options.singlePrecision === true);
    if (family === 'boolean') return canonicalBoolean(member.text);
    return plainNumber(member.text);
  }
  if (typeof member === 'boolean') return family === 'boolean' ? (member ? '1' : '0') : String(member);
  if (typeof member !== 'string') return canonicalJson(JSON.stringify(member, (_key, v: unknown) => (v instanceof NumberText ? RawJson.rawJSON(v.text) : v)));
  switch (family) {
    case 'integer':
    case 'decimal':
      return canonicalDecimal(member, options.scale);
    case 'float':
      return canonicalFloat(member, options.singlePrecision === true);
    case 'boolean':
      return canonicalBoolean(member);
    case 'date':
      return canonicalTimestamp(member)?.slice(0, 10) ?? member;
    case 'timestamp':
    case 'timestamptz':
      return truncated(canonicalTimestamp(member), options.precision);
    case 'uuid':
      return member.toLowerCase();
    case 'text':
    case 'unknown':
      return options.caseSensitive ? member : canonicalLower(member);
    default:
      return member;
  }
}

function truncated(text: string | null, precision = 6): string | null {
  if (text === null || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/.test(text)) return text;
  const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
  return `${text.slice(0, 20 + digits)}${'0'.repeat(6 - digits)}`;
}
