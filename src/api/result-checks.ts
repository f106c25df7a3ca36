/**
 * What a finished job's numbers must satisfy before datacompare reports a verdict from them, checked
 * in one place. A service's result holds several accounts of the same facts: diff_status, the
 * reasons, the counters (stats), diff_rows_total (in the result and in the diff details), the
 * differing rows themselves and the per-column mismatch counts. Where two accounts disagree the
 * result is a contradiction (an error, never a verdict); where the counters a threshold needs were
 * not sent, the threshold cannot excuse the difference (a gap: the MISMATCH stands).
 *
 * The invariants (a counter is a non-negative integer; `rows(side)` = matched_rows + mismatched_rows +
 * only_in_<side> + null_keys_<side>):
 * - counts: every counter and total sent is a count; the two diff_rows_total agree.
 * - totals: diff_rows_total = mismatched_rows + only_in_source + only_in_target.
 * - rows: the diff details hold at most diff_rows_total rows, all of them when they say they are not
 *   truncated; rows of each _diff_type at most that type's counter; every _diff_type is one we know.
 * - columns: each column's mismatch_count is at most mismatched_rows, and they add up to at least it.
 * - sides: rows(side) + 2 × duplicate_keys_<side> ≤ <side>_rows (a duplicated key has at least two rows,
 *   none of them matched), and with no duplicated key on either side rows(side) = <side>_rows.
 * - status: MATCH has no reason, no difference in any counter, total, row, column or schema diff,
 *   and equal row counts; MISMATCH has a reason and, when every counter was sent, a difference in one.
 * The reasons are prose and are never parsed: only whether there are any is a fact.
 */
import type { DiffDetailsData } from './contract.js';
import type { ComparisonStats, SchemaDiff } from '../engine/model.js';
import { differingRowCount } from '../engine/outcome.js';

export const COUNTERS = [
  'source_rows',
  'target_rows',
  'matched_rows',
  'mismatched_rows',
  'only_in_source',
  'only_in_target',
  'duplicate_keys_source',
  'duplicate_keys_target',
  'null_keys_source',
  'null_keys_target',
] as const satisfies readonly (keyof ComparisonStats)[];
export type Counter = (typeof COUNTERS)[number];
type Counters = Partial<Record<Counter, number>>;

/** Counters above 0 only when something differs. */
const DIFFERENCE_COUNTERS = COUNTERS.filter((name) => !['source_rows', 'target_rows', 'matched_rows'].includes(name));
export const DIFF_TYPES: readonly string[] = ['changed', 'only_in_source', 'only_in_target'];

/** What this run knows the comparison to be: full or quick (its own, or a stored one whose configuration it read), or unknown. */
export type ComparisonKind = 'full' | 'quick' | 'unknown';

/** What the comparison asks the service for, as far as this run knows it. */
export interface Asked {
  kind: ComparisonKind;
  /** Whether the comparison asked for schema differences (undefined: not known; `unknownWhy` says why). */
  schemaDiffAsked: boolean | undefined;
  /** Why a stored comparison's kind or schema_diff is not known, as a clause for the notes. */
  unknownWhy?: string;
}

/** A job's result as the service sent it (SUCCESS, diff_status MATCH or MISMATCH), and what its comparison asked for. */
export interface ServiceResult extends Asked {
  diffStatus: 'MATCH' | 'MISMATCH';
  reasons: readonly string[];
  /** result.stats, undefined when not sent. */
  stats: Record<string, unknown> | undefined;
  /** result.diff_rows_total, undefined when not sent. */
  total: unknown;
  /** result.schema_diff, undefined when not sent. */
  schemaDiff: unknown;
  /** The diff details, when they were read. */
  diff: DiffDetailsData | undefined;
}

export interface ResultCheck {
  /** What contradicts what, in phrases; any makes the result an error. */
  contradictions: string[];
  /** Why thresholds cannot excuse this MISMATCH (facts not sent or not counted); empty when they can. */
  thresholdGaps: string[];
  /** The counters the service sent, each a count (the others are absent). */
  counters: Counters;
  /** Ours: stats.accepted_rows when sent as a count (the service says it applied `accept`). */
  acceptedRows: number | undefined;
  schemaDiff: SchemaDiff | undefined;
}

export function checkServiceResult(result: ServiceResult): ResultCheck {
  const found: Found = { contradictions: [], gaps: [] };
  const facts = readFacts(result, found);
  checkTotals(facts, found);
  checkRows(result, facts, found);
  checkColumns(result, facts, found);
  checkSides(result, facts, found);
  checkStatus(result, facts, found);
  const acceptedRows = checkAccepted(result, facts, found);
  return {
    contradictions: found.contradictions,
    thresholdGaps: result.diffStatus === 'MISMATCH' ? [...gapsOf(result, facts), ...found.gaps] : [],
    counters: facts.counters,
    acceptedRows,
    schemaDiff: facts.schemaDiff,
  };
}

/** Rows accepted count among the matched: more accepted than matched contradicts itself. */
function checkAccepted(result: ServiceResult, facts: Facts, found: Found): number | undefined {
  const accepted = result.stats?.accepted_rows;
  if (accepted === undefined || accepted === null) return undefined;
  if (!isCount(accepted)) {
    found.contradictions.push(`stats.accepted_rows is ${show(accepted)}, not a count`);
    return undefined;
  }
  const matched = facts.counters.matched_rows;
  if (matched !== undefined && accepted > matched) found.contradictions.push(`accepted_rows is ${accepted} but matched_rows, which counts them, is ${matched}`);
  return accepted;
}

interface Found {
  contradictions: string[];
  gaps: string[];
}

/** What the result says, each number read as a count (or named as not one). */
interface Facts {
  counters: Counters;
  /** diff_rows_total of the result and of the diff details. */
  fromResult: number | undefined;
  fromDiff: number | undefined;
  rows: readonly Record<string, unknown>[];
  /** Each column's mismatch_count, and them added up. */
  columns: ReadonlyMap<string, number>;
  columnSum: number;
  schemaDiff: SchemaDiff | undefined;
}

function readFacts(result: ServiceResult, found: Found): Facts {
  const notACount = (what: string, value: unknown) => found.contradictions.push(`${what} is ${show(value)}, not a count`);
  const counters: Counters = {};
  for (const name of COUNTERS) {
    const value = result.stats?.[name];
    if (value === undefined || value === null) continue;
    if (isCount(value)) counters[name] = value;
    else notACount(`stats.${name}`, value);
  }
  const total = (where: string, value: unknown): number | undefined => {
    if (value === undefined || isCount(value)) return value;
    notACount(`diff_rows_total ${where}`, value);
    return undefined;
  };
  const fromResult = total('in the result', result.total);
  const fromDiff = total('in the diff details', result.diff?.diff_rows_total);
  const columns = new Map<string, number>();
  for (const [column, { mismatch_count: mismatches }] of Object.entries(result.diff?.mismatched_columns_mapping ?? {})) {
    if (isCount(mismatches)) columns.set(column, mismatches);
    else notACount(`the mismatch_count of column ${show(column)}`, mismatches);
  }
  const schemaDiff = readSchemaDiff(result.schemaDiff);
  if (result.schemaDiff !== undefined && result.schemaDiff !== null && !schemaDiff) {
    found.contradictions.push('schema_diff is not readable (it needs the lists only_in_source, only_in_target and type_mismatches)');
  }
  return { counters, fromResult, fromDiff, rows: result.diff?.diff_rows ?? [], columns, columnSum: [...columns.values()].reduce((a, b) => a + b, 0), schemaDiff };
}

/** The two diff_rows_total agree, and equal the differing rows the counters count. */
function checkTotals({ counters: c, fromResult, fromDiff }: Facts, found: Found): void {
  if (fromResult !== undefined && fromDiff !== undefined && fromResult !== fromDiff) {
    found.contradictions.push(`diff_rows_total is ${fromResult} in the result but ${fromDiff} in the diff details`);
  }
  const total = fromResult ?? fromDiff;
  const differing = sumOf(c, ['mismatched_rows', 'only_in_source', 'only_in_target']);
  if (total !== undefined && differing !== undefined && total !== differing) {
    found.contradictions.push(`diff_rows_total is ${total} but mismatched_rows + only_in_source + only_in_target is ${differing}`);
  }
}

/** The rows the diff details hold: no more than the total (all of it when not truncated), none of a type beyond its counter. */
function checkRows(result: ServiceResult, { counters: c, fromResult, fromDiff, rows }: Facts, found: Found): void {
  const total = fromDiff ?? fromResult; // the diff details' own total first (a disagreement is named already)
  if (total !== undefined && rows.length > total) found.contradictions.push(`the diff details hold ${count(rows.length, 'row')} but diff_rows_total is ${total}`);
  if (total !== undefined && rows.length < total && result.diff?.truncated === false) {
    found.contradictions.push(`the diff details hold ${rows.length} of ${total} differing rows yet say they are complete (truncated: false)`);
  }
  const perType = new Map<string, number>();
  const unknown = rows.findIndex((row) => row._diff_type !== undefined && !(typeof row._diff_type === 'string' && DIFF_TYPES.includes(row._diff_type)));
  if (unknown >= 0) found.contradictions.push(`diff row ${unknown + 1} has _diff_type ${show(rows[unknown]!._diff_type)}, which is none of ${DIFF_TYPES.join(', ')}`);
  for (const row of rows) if (typeof row._diff_type === 'string') perType.set(row._diff_type, (perType.get(row._diff_type) ?? 0) + 1);
  for (const [type, counter] of [
    ['changed', 'mismatched_rows'],
    ['only_in_source', 'only_in_source'],
    ['only_in_target', 'only_in_target'],
  ] as const) {
    const shown = perType.get(type) ?? 0;
    const counted = c[counter];
    if (counted !== undefined && shown > counted) found.contradictions.push(`the diff details hold ${count(shown, 'row')} of _diff_type ${type} but ${counter} is ${counted}`);
  }
}

/** Each column's mismatch_count at most mismatched_rows, and together at least it (a mismatched row differs in some column). */
function checkColumns(result: ServiceResult, { counters: c, columns, columnSum }: Facts, found: Found): void {
  if (c.mismatched_rows === undefined || !result.diff) return;
  for (const [column, mismatches] of columns) {
    if (mismatches > c.mismatched_rows) found.contradictions.push(`column ${show(column)} has mismatch_count ${mismatches} but mismatched_rows is ${c.mismatched_rows}`);
  }
  if (columnSum < c.mismatched_rows) found.contradictions.push(`mismatched_rows is ${c.mismatched_rows} but the columns' mismatch_count add up to ${columnSum}`);
}

/**
 * Every row of each side accounted for: matched, mismatched, only in it, NULL-keyed, or under a
 * duplicated key (at least two rows each); exactly, when no key is duplicated on either side.
 */
function checkSides(result: ServiceResult, { counters: c }: Facts, found: Found): void {
  const noDuplicates = c.duplicate_keys_source === 0 && c.duplicate_keys_target === 0;
  for (const side of ['source', 'target'] as const) {
    const all = c[`${side}_rows`];
    const parts: Counter[] = ['matched_rows', 'mismatched_rows', `only_in_${side}`, `null_keys_${side}`];
    const counted = sumOf(c, parts.slice(0, 3));
    if (all === undefined || counted === undefined) continue;
    const nulls = c[`null_keys_${side}`];
    const duplicated = c[`duplicate_keys_${side}`] ?? 0;
    const lower = counted + (nulls ?? 0) + 2 * duplicated;
    const named = parts.filter((name) => c[name] !== undefined).join(' + ') + (duplicated > 0 ? ` + 2 × duplicate_keys_${side}` : '');
    if (lower > all) found.contradictions.push(`${named} is ${lower}, more than ${side}_rows (${all})`);
    // a quick comparison counts the rows only: its other counters are not measured
    else if (noDuplicates && nulls !== undefined && lower !== all && result.kind !== 'quick') {
      if (result.kind === 'full') found.contradictions.push(`with no duplicated key, ${named} (${lower}) must equal ${side}_rows (${all})`);
      else found.gaps.push(`the counters account for ${lower} of the ${all} ${side} rows`);
    }
  }
}

/** MATCH: no reason and nothing differing anywhere; MISMATCH: a reason, and something that shows it when every counter was sent. */
function checkStatus(result: ServiceResult, facts: Facts, found: Found): void {
  const { counters: c, rows, columnSum, schemaDiff } = facts;
  const total = facts.fromResult ?? facts.fromDiff;
  const schemaDifferences = schemaDiff ? schemaDiff.only_in_source.length + schemaDiff.only_in_target.length + schemaDiff.type_mismatches.length : 0;
  const evidence = [
    ...DIFFERENCE_COUNTERS.filter((name) => (c[name] ?? 0) > 0).map((name) => `${name} is ${c[name]}`),
    ...(c.source_rows !== undefined && c.target_rows !== undefined && c.source_rows !== c.target_rows ? [`source_rows is ${c.source_rows} but target_rows is ${c.target_rows}`] : []),
    ...(total !== undefined && total > 0 ? [`diff_rows_total is ${total}`] : []),
    ...(rows.length > 0 ? [`the diff details hold ${count(rows.length, 'differing row')}`] : []),
    ...(columnSum > 0 ? [`the columns' mismatch_count add up to ${columnSum}`] : []),
    ...(schemaDifferences > 0 ? [`schema_diff lists ${count(schemaDifferences, 'difference')}`] : []),
  ];
  if (result.diffStatus === 'MATCH') {
    if (evidence.length > 0) found.contradictions.push(`diff_status is MATCH but ${listed(evidence)}`);
    if (result.reasons.length > 0) found.contradictions.push(`diff_status is MATCH but diff_reasons gives ${count(result.reasons.length, 'reason')} why the data differ`);
    return;
  }
  if (result.reasons.length === 0) found.contradictions.push('diff_status is MISMATCH but diff_reasons gives no reason');
  const everyCounter = COUNTERS.every((name) => c[name] !== undefined);
  const schemaKnown = schemaDiff !== undefined || (result.schemaDiff === undefined && result.schemaDiffAsked === false);
  if (everyCounter && schemaKnown && evidence.length === 0) found.contradictions.push('diff_status is MISMATCH but no counter, differing row or schema difference shows what differs');
}

/** Why the thresholds cannot judge this MISMATCH from what the service sent. */
function gapsOf(result: ServiceResult, { counters: c, schemaDiff }: Facts): string[] {
  const gaps: string[] = [];
  if (!result.stats) gaps.push('the service sent no counters (stats)');
  else {
    const unsent = COUNTERS.filter((name) => c[name] === undefined);
    if (unsent.length > 0) gaps.push(`the service did not send ${unsent.join(', ')}`);
  }
  if (result.kind === 'quick') gaps.push('a quick comparison counts rows, not differing rows');
  else if (result.stats && differingRowCount(statsOf(c)) === 0) gaps.push('no counter shows a differing row (thresholds never excuse a difference they cannot count)');
  if (!schemaDiff && result.schemaDiffAsked === true) gaps.push('the service did not send the schema differences, which thresholds never excuse');
  if (!schemaDiff && result.schemaDiffAsked === undefined) {
    gaps.push(`the service sent no schema differences (thresholds never excuse one), and ${result.unknownWhy ?? 'whether the comparison asks for them is not known'}`);
  }
  return gaps;
}

/** The counters as the reports show them: those the service did not send as 0 (what it counted is in `counters`). */
export function statsOf(counters: Counters): ComparisonStats {
  return Object.fromEntries(COUNTERS.map((name) => [name, counters[name] ?? 0])) as unknown as ComparisonStats;
}

function readSchemaDiff(value: unknown): SchemaDiff | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record.only_in_source) || !Array.isArray(record.only_in_target) || !Array.isArray(record.type_mismatches)) return undefined;
  return record as unknown as SchemaDiff;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function sumOf(c: Counters, names: readonly Counter[]): number | undefined {
  let sum = 0;
  for (const name of names) {
    const value = c[name];
    if (value === undefined) return undefined;
    sum += value;
  }
  return sum;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function listed(items: readonly string[]): string {
  return items.length <= 3 ? items.join(', ') : `${items.slice(0, 3).join(', ')} (and ${items.length - 3} more)`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
