/**
 * A per-column profile for relations without a key (dbt models with no key found): per side, in one
 * scan, each column's non-NULL count and distinct count (of its canonical text, so engines and case
 * rules agree), and for numeric columns min, max and sum. Two profiles that differ prove the data
 * changed even when the row counts are equal; equal profiles do not prove it did not.
 */
import type { ColumnProfile, ProfileDifference } from './model.js';
import type { ColumnPair } from './resolve.js';
import type { DiffContext } from './diff-outcome.js';
import { fromClause, type Side } from './sides.js';
import { isNumericFamily } from '../sql/type-family.js';

export async function profileComparison(context: DiffContext): Promise<{ differences: ProfileDifference[]; reasons: string[] }> {
  const columns = context.resolved.columns;
  if (columns.length === 0) return { differences: [], reasons: [] };
  const [source, target] = await Promise.all([profileSide(context, context.source, columns), profileSide(context, context.target, columns)]);
  const differences: ProfileDifference[] = [];
  columns.forEach((pair, i) => {
    const s = source[i]!;
    const t = target[i]!;
    const slack = (pair.tolerance ?? 0) * Math.max(s.non_null, t.non_null);
    const close = (a: number | undefined, b: number | undefined, allowed: number) =>
      a === b || (a !== undefined && b !== undefined && Math.abs(a - b) <= allowed + 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));
    const differs: (keyof ColumnProfile)[] = [];
    if (s.non_null !== t.non_null) differs.push('non_null');
    if (s.distinct !== t.distinct) differs.push('distinct');
    if (!close(s.min, t.min, pair.tolerance ?? 0)) differs.push('min');
    if (!close(s.max, t.max, pair.tolerance ?? 0)) differs.push('max');
    if (!close(s.sum, t.sum, slack)) differs.push('sum');
    if (differs.length > 0) differences.push({ column: pair.source, source: s, target: t, differs });
  });
  const reasons = differences.map(
    (d) => `Column ${d.column} profile differs: ${d.differs.map((m) => `${m === 'non_null' ? 'non-NULL values' : m} ${show(d.source[m])} → ${show(d.target[m])}`).join(', ')}.`,
  );
  return { differences, reasons };
}

function show(value: number | undefined): string {
  return value === undefined ? 'none' : String(value);
}

async function profileSide(context: DiffContext, side: Side, columns: readonly ColumnPair[]): Promise<ColumnProfile[]> {
  const compiler = side.connection.compiler;
  const select: string[] = [];
  columns.forEach((pair, i) => {
    const name = side.role === 'source' ? pair.source : pair.target;
    const type = side.role === 'source' ? pair.sourceType : pair.targetType;
    const ref = `${compiler.quoteIdentifier('p')}.${compiler.quoteIdentifier(name)}`;
    select.push(`COUNT(${ref}) AS ${compiler.quoteIdentifier(`n${i}`)}`);
    select.push(`COUNT(DISTINCT ${compiler.normalize(ref, type, pair.normalize)}) AS ${compiler.quoteIdentifier(`d${i}`)}`);
    if (isNumericFamily(pair.family) && isNumericFamily(type.family)) {
      select.push(`MIN(${ref}) AS ${compiler.quoteIdentifier(`lo${i}`)}`, `MAX(${ref}) AS ${compiler.quoteIdentifier(`hi${i}`)}`);
      select.push(`SUM(${ref}) AS ${compiler.quoteIdentifier(`s${i}`)}`);
    }
  });
  const [row] = await side.connection.query(`SELECT ${select.join(', ')} ${fromClause(side, 'p')}`, [], context.signal ? { signal: context.signal } : {});
  const num = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));
  return columns.map((pair, i) => {
    const profile: ColumnProfile = { non_null: Number(row?.[`n${i}`] ?? 0), distinct: Number(row?.[`d${i}`] ?? 0) };
    if (row && `s${i}` in row) {
      const lo = num(row[`lo${i}`]);
      const hi = num(row[`hi${i}`]);
      const sum = num(row[`s${i}`]);
      if (lo !== undefined) profile.min = lo;
      if (hi !== undefined) profile.max = hi;
      if (sum !== undefined) profile.sum = sum;
    }
    return profile;
  });
}
