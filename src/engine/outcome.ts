/**
 * From what a diff found to the result the reports show: the reason sentences, diff_status, and
 * status after thresholds.
 */
import type { ComparisonDefinition, ComparisonResult, ComparisonStats, DiffDetails, ReportedValue, SchemaDiff } from './model.js';
import type { DiffOutcome, DuplicateKey } from './diff-outcome.js';
import type { ColumnPair, ResolvedColumns } from './resolve.js';
import type { Side } from './sides.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "table `legacy.orders`" style name used in sentences. */
function where(side: Side): string {
  return side.definition.query ? `the ${side.role} query` : `${side.role} (${side.shortName})`;
}

export function rowReasons(outcome: DiffOutcome, resolved: ResolvedColumns, source: Side, target: Side): string[] {
  const { stats } = outcome;
  const reasons: string[] = [];
  if (stats.only_in_source > 0) reasons.push(`${plural(stats.only_in_source, 'row exists', 'rows exist')} only in the ${where(source)}.`);
  if (stats.only_in_target > 0) reasons.push(`${plural(stats.only_in_target, 'row exists', 'rows exist')} only in the ${where(target)}.`);
  resolved.columns.forEach((pair, j) => {
    const count = outcome.columnMismatches[j] ?? 0;
    if (count === 0) return;
    const tolerance = pair.tolerance !== undefined ? ` (beyond the tolerance of ${pair.tolerance})` : '';
    reasons.push(`${count === 1 ? '1 row has a different value' : `${count} rows have different values`} in column \`${pair.source}\`${tolerance}.`);
  });
  const keyNames = resolved.keys.map((k) => k.source).join(', ');
  for (const [side, count, examples] of [
    [source, stats.duplicate_keys_source, outcome.duplicates.source],
    [target, stats.duplicate_keys_target, outcome.duplicates.target],
  ] as const) {
    for (const example of examples) reasons.push(`Key (${keyNames}) = ${formatKey(example)} occurs ${times(example.count)} in the ${side.role}.`);
    if (count > examples.length) {
      reasons.push(`${plural(count - examples.length, 'more key occurs', 'more keys occur')} more than once in the ${side.role}.`);
    }
  }
  if (stats.duplicate_keys_source + stats.duplicate_keys_target > 0) {
    reasons.push('Rows with a duplicated key are not compared (it is ambiguous which rows correspond); make the key unique or choose another primary key.');
  }
  for (const [side, count] of [
    [source, stats.null_keys_source],
    [target, stats.null_keys_target],
  ] as const) {
    if (count > 0) reasons.push(`${plural(count, 'row', 'rows')} in the ${side.role} ${count === 1 ? 'has' : 'have'} NULL in a key column (${keyNames}) and cannot be matched.`);
  }
  return reasons;
}

function formatKey(example: DuplicateKey): string {
  const parts = example.key.map((v: ReportedValue) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(', ')})`;
}

function times(count: number): string {
  return count === 2 ? 'twice' : `${count} times`;
}

export function schemaReasons(diff: SchemaDiff): string[] {
  return [
    ...diff.only_in_source.map((c) => `Column \`${c.name}\` (${c.type}) exists only in the source.`),
    ...diff.only_in_target.map((c) => `Column \`${c.name}\` (${c.type}) exists only in the target.`),
    ...diff.type_mismatches.map(
      (m) =>
        `Column \`${m.source_column}\` is ${m.source_type} in the source but \`${m.target_column}\` is ${m.target_type} in the target${m.compared_as ? ` (compared as ${m.compared_as})` : ''}.`,
    ),
  ];
}

export function diffDetails(outcome: DiffOutcome, resolved: ResolvedColumns): DiffDetails {
  const mapping: DiffDetails['mismatched_columns_mapping'] = {};
  resolved.columns.forEach((pair, j) => {
    const count = outcome.columnMismatches[j] ?? 0;
    const kinds = outcome.columnPatterns?.[j];
    const accepted = kinds?.accepted ?? [];
    const acceptedRows = accepted.reduce((sum, pattern) => sum + pattern.rows, 0);
    if (count === 0 && acceptedRows === 0) return;
    const compared = `${pair.source}${pair.target !== pair.source ? ` ↔ ${pair.target}` : ''}`;
    const how = pair.tolerance !== undefined ? `numerically, tolerance ${pair.tolerance}` : pair.family === 'text' && !pair.normalize.caseSensitive ? 'case-insensitively' : `as ${articled(comparedAs(pair))}`;
    const present = outcome.stats.matched_rows + outcome.stats.mismatched_rows;
    const also = acceptedRows === 0 ? '' : ` ${plural(acceptedRows, 'more row differs', 'more rows differ')} only in accepted ways (${accepted.map((p) => p.kind).join(', ')}) and ${acceptedRows === 1 ? 'counts' : 'count'} as equal.`;
    const details = count > 0 ? `${count} of ${present} rows present on both sides differ in ${compared} (compared ${how}).${also}` : `${plural(acceptedRows, 'row', 'rows')} of ${present} present on both sides ${acceptedRows === 1 ? 'differs' : 'differ'} in ${compared} only in accepted ways (${accepted.map((p) => p.kind).join(', ')}) and ${acceptedRows === 1 ? 'counts' : 'count'} as equal.`;
    mapping[pair.source] = {
      mismatch_count: count,
      details,
      ...(kinds ? { patterns: kinds.patterns } : {}),
      ...(accepted.length > 0 ? { accepted } : {}),
    };
  });
  const total = outcome.stats.mismatched_rows + outcome.stats.only_in_source + outcome.stats.only_in_target;
  return {
    primary_key_columns: resolved.keys.map((k) => k.source),
    column_mapping: Object.fromEntries([...resolved.keys, ...resolved.columns].map((p) => [p.source, p.target])),
    mismatched_columns_mapping: mapping,
    compared_as: comparedAsMap(resolved),
    diff_rows: outcome.samples,
    diff_rows_total: total,
    truncated: outcome.samples.length < total,
    ...(outcome.cuts && outcome.cuts.length > 0 ? { cut_values: outcome.cuts } : {}),
  };
}

/**
 * What counted as equal although it differs: rows whose every difference is of a kind the comparison
 * accepts (`accept`), with the kinds; empty when nothing was accepted.
 */
export function acceptedNotes(outcome: Pick<DiffOutcome, 'stats' | 'columnPatterns'>): string[] {
  const rows = outcome.stats.accepted_rows ?? 0;
  if (rows === 0) return [];
  const kinds = [...new Set((outcome.columnPatterns ?? []).flatMap((column) => column.accepted.map((pattern) => pattern.kind)))];
  return [`${plural(rows, 'row differs', 'rows differ')} only in kinds of difference the comparison accepts (${kinds.join(', ')}), so ${rows === 1 ? 'it counts' : 'they count'} as equal; each column's accepted differences are listed with their counts.`];
}

/**
 * What the comparison could not see: each timestamp or time column compared at fewer fraction digits
 * than one side holds (fractions dropped on that side count as equal), with the setting that counts
 * them. Empty under `precision: strict` (then they are compared at the higher precision).
 */
export function precisionNotes(resolved: ResolvedColumns): string[] {
  return [...resolved.keys, ...resolved.columns].flatMap((pair) => {
    const compared = pair.normalize.precision;
    if (compared === undefined) return [];
    const sides = [
      ['source', pair.sourceType],
      ['target', pair.targetType],
    ] as const;
    const finer = sides.filter(([, type]) => (type.precision ?? 6) > compared);
    if (finer.length === 0) return [];
    const [role, type] = finer[0]!;
    const other = sides.find(([r]) => r !== role)![1];
    return [
      `Column \`${pair.source}\` was compared at ${FRACTIONS[compared] ?? `${compared} fraction digits`}: ${type.type} in the ${role} holds ${FRACTIONS[type.precision ?? 6]} that ${other.type} in the ${role === 'source' ? 'target' : 'source'} drops, so values differing only there count as equal. Set \`precision: strict\` to count them as differences.`,
    ];
  });
}

/**
 * What else could count as equal: text columns (and collections of text) compared case-insensitively
 * (`case_sensitive: false`, the default), where values differing only in letter case match. Keys are
 * always exact; a trailing space, an accent or a collation never makes two texts equal.
 */
export function caseFoldingNotes(resolved: ResolvedColumns): string[] {
  return caseFoldingNotesOf(resolved.columns.map((pair) => [pair.source, comparedAs(pair)]));
}

/** The same note from the compared (non-key) columns and how each was compared (`compared_as`): api mode's diff details. */
export function caseFoldingNotesOf(compared: readonly (readonly [name: string, comparedAs: string])[]): string[] {
  const folded = compared.filter(([, how]) => how.endsWith(', case-insensitive')).map(([name]) => `\`${name}\``);
  if (folded.length === 0) return [];
  const columns = folded.length === 1 ? `Column ${folded[0]} was` : `Columns ${folded.slice(0, -1).join(', ')} and ${folded.at(-1)} were`;
  return [
    `${columns} compared case-insensitively (\`case_sensitive\` is false, the default): values differing only in letter case count as equal. Set \`case_sensitive: true\` to count them as differences.`,
  ];
}

/** Every compared column (keys first) by source name → how it was compared (`comparedAs`). */
export function comparedAsMap(resolved: ResolvedColumns): Record<string, string> {
  return Object.fromEntries([...resolved.keys, ...resolved.columns].map((pair) => [pair.source, comparedAs(pair)]));
}

const FRACTIONS = ['whole seconds', 'tenths of a second', 'hundredths of a second', 'milliseconds', '4 fraction digits', '5 fraction digits', 'microseconds'];
const NAMES: Partial<Record<ColumnPair['family'], string>> = { json: 'JSON', list: 'list', set: 'set', timestamptz: 'timestamp with time zone' };

/**
 * How a column pair is compared, in a few words the reports show: `set`, `list`, `JSON`, `text`,
 * `text, case-insensitive`, `decimal at scale 2`, `timestamp at whole seconds`, `number within 0.01`.
 * The precision or scale is named where it is not the full one (or the sides declare different ones).
 */
export function comparedAs(pair: ColumnPair): string {
  if (pair.tolerance !== undefined) return `number within ${pair.tolerance}`;
  const name = NAMES[pair.family] ?? pair.family;
  const { normalize } = pair;
  if (pair.family === 'text' || pair.family === 'unknown') return normalize.caseSensitive ? 'text' : 'text, case-insensitive';
  if (pair.family === 'list' || pair.family === 'set') {
    const member = normalize.member;
    const detail = member && member.family !== 'text' && member.family !== 'unknown' ? ` of ${NAMES[member.family] ?? member.family}` : member && !member.options.caseSensitive ? ', case-insensitive' : '';
    return `${name}${detail}`;
  }
  if (normalize.precision !== undefined) {
    const differ = (pair.sourceType.precision ?? 6) !== (pair.targetType.precision ?? 6);
    if (normalize.precision < 6 || differ) return `${name} at ${FRACTIONS[normalize.precision] ?? `${normalize.precision} fraction digits`}`;
  }
  if (normalize.scale !== undefined && pair.sourceType.scale !== pair.targetType.scale) return `${name} at scale ${normalize.scale}`;
  if (normalize.singlePrecision) return `${name} at single precision`;
  return name;
}

function articled(phrase: string): string {
  return /^(set|list)\b/.test(phrase) ? `a ${phrase}` : phrase;
}

/** Rows counted against the thresholds: differing rows plus rows with duplicated or NULL keys. */
export function differingRowCount(stats: ComparisonStats): number {
  return (
    stats.mismatched_rows +
    stats.only_in_source +
    stats.only_in_target +
    stats.duplicate_keys_source +
    stats.duplicate_keys_target +
    stats.null_keys_source +
    stats.null_keys_target
  );
}

/** `status` and `within_thresholds` of a result: thresholds can let row differences pass, never schema differences. */
export function decideStatus(
  definition: ComparisonDefinition,
  diffStatus: 'MATCH' | 'MISMATCH',
  stats: ComparisonStats,
  schemaDiffers: boolean,
): Pick<ComparisonResult, 'status' | 'within_thresholds'> {
  if (diffStatus === 'MATCH') return { status: 'match' };
  const { maxMismatchedRows, maxMismatchRatio } = definition.thresholds;
  if (schemaDiffers || (maxMismatchedRows === undefined && maxMismatchRatio === undefined)) return { status: 'mismatch' };
  const differing = differingRowCount(stats);
  const ratio = differing / Math.max(stats.source_rows, stats.target_rows, 1);
  const within = (maxMismatchedRows === undefined || differing <= maxMismatchedRows) && (maxMismatchRatio === undefined || ratio <= maxMismatchRatio);
  return within ? { status: 'match', within_thresholds: true } : { status: 'mismatch', within_thresholds: false };
}
