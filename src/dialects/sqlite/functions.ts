/** The JavaScript functions every SQLite connection registers, implementing the canonical rules. */
import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { canonicalCollection } from '../../sql/collection.js';
import type { TypeFamily } from '../../sql/types.js';
import { canonicalBoolean, canonicalDecimal, canonicalFloat, canonicalLower, canonicalJson, canonicalTimestamp, withinTolerance } from '../../sql/canonical.js';

type SqlValue = null | number | bigint | string | Uint8Array;

export function registerCanonicalFunctions(db: DatabaseSync): void {
  const options = { deterministic: true, varargs: false } as const;
  db.function('dc_decimal', options, (value: SqlValue, scale: SqlValue) =>
    value === null ? null : canonicalDecimal(toScalar(value), Number(scale) < 0 ? undefined : Number(scale)),
  );
  db.function('dc_float', options, (value: SqlValue) => (value === null ? null : canonicalFloat(toScalar(value))));
  db.function('dc_boolean', options, (value: SqlValue) => (value === null ? null : canonicalBoolean(toScalar(value))));
  db.function('dc_float32', options, (value: SqlValue) => (value === null ? null : canonicalFloat(toScalar(value), true)));
  db.function('dc_timestamp', options, (value: SqlValue) => (value === null ? null : canonicalTimestamp(toScalar(value))));
  db.function('dc_time', options, (value: SqlValue) => {
    if (value === null) return null;
    const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(String(toScalar(value)).trim());
    if (!match) return String(toScalar(value));
    return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').slice(0, 6).padEnd(6, '0')}`;
  });
  db.function('dc_lower', options, (value: SqlValue) => (value === null ? null : canonicalLower(String(toScalar(value)))));
  db.function('dc_json', options, (value: SqlValue) => (value === null ? null : canonicalJson(toScalar(value))));
  db.function('dc_collection', { deterministic: true, varargs: true }, (value: SqlValue, ...args: SqlValue[]) => {
    if (value === null) return null;
    const [set, , caseSensitive, scale, precision, single] = args.map(Number);
    const options = { caseSensitive: caseSensitive === 1, precision, singlePrecision: single === 1, ...(Number(scale) >= 0 && { scale }) };
    return canonicalCollection(toScalar(value), { set: set === 1, member: String(args[1]) as TypeFamily, options });
  });
  db.function('dc_within', options, (a: SqlValue, b: SqlValue, tolerance: SqlValue) =>
    withinTolerance(a === null ? null : String(toScalar(a)), b === null ? null : String(toScalar(b)), Number(tolerance)) ? 1 : 0,
  );
  db.function('dc_md5_int', options, (value: SqlValue) => {
    if (value === null) return null;
    const hex = createHash('md5').update(typeof value === 'string' ? value : Buffer.from(value as Uint8Array)).digest('hex');
    return BigInt(`0x${hex.slice(20)}`) & ((1n << 48n) - 1n);
  });
}

function toScalar(value: SqlValue): string | number | bigint {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return value as string | number | bigint;
}
