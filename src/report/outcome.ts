/**
 * The fail policy, shared by the action and the CLI: given a run (whose statuses already include
 * each comparison's thresholds) and `fail-on`, does the step fail, and what one sentence says why?
 * A tool error ("could not run") and a data mismatch ("differs") are always named as what they are.
 */
import type { ComparisonResult, RunResult } from '../engine/model.js';
import { plainText } from './escape.js';
import { byImportance, count, countsOnly, differingRows, errorKindLabel, plural } from './format.js';

export type FailOn = 'mismatch' | 'error' | 'never';

export interface Outcome {
  failed: boolean;
  /** One sentence, naming the worst comparison. */
  message: string;
}

function quoted(name: string): string {
  return `"${plainText(name, 100)}"`;
}

function errorClause(errors: ComparisonResult[]): string {
  const [worst] = errors;
  if (!worst) return '';
  const error = worst.error ?? { kind: 'internal' as const, message: 'no error message' };
  const more = errors.length > 1 ? ` and ${plural(errors.length - 1, 'more comparison')} could not run either` : '';
  return `comparison ${quoted(worst.name)} could not run (${errorKindLabel(error.kind)}: ${plainText(error.message, 300).replace(/[.\s]+$/, '')})${more}`;
}

function mismatchClause(mismatches: ComparisonResult[]): string {
  const [worst] = mismatches;
  if (!worst) return '';
  const s = worst.stats;
  const detail = s ? ` (${count(s.mismatched_rows)} changed, ${count(s.only_in_source)} only in source, ${count(s.only_in_target)} only in target)` : '';
  const rows = differingRows(worst);
  const what = countsOnly(worst)
    ? `its row counts differ (${count(s?.source_rows)} source rows, ${count(s?.target_rows)} target rows)`
    : rows > 0 || !worst.schema_diff ? `${plural(rows, 'differing row')}${detail}` : 'a different schema';
  const more = mismatches.length > 1 ? ` and ${plural(mismatches.length - 1, 'more comparison')} ${mismatches.length === 2 ? 'differs' : 'differ'}` : '';
  return `the data of comparison ${quoted(worst.name)} differs: ${what}${more}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The decision for `failOn`: errors fail `mismatch` and `error`; mismatches fail only `mismatch`; `never` never fails. */
export function decideOutcome(run: RunResult, failOn: FailOn): Outcome {
  const ordered = byImportance(run.comparisons);
  const errors = ordered.filter((c) => c.status === 'error');
  const mismatches = ordered.filter((c) => c.status === 'mismatch');
  if (run.comparisons.length === 0) return { failed: false, message: 'No comparisons were run.' };
  if (errors.length === 0 && mismatches.length === 0) {
    const within = run.comparisons.filter((c) => c.within_thresholds).length;
    const note = within > 0 ? ` (${within} within ${within === 1 ? 'its thresholds' : 'their thresholds'})` : '';
    const all = run.comparisons.length === 1 ? `Comparison ${quoted(run.comparisons[0]?.name ?? '')} matches` : `All ${run.comparisons.length} comparisons match`;
    return { failed: false, message: `${all}${note}.` };
  }
  const failed = failOn === 'mismatch' || (failOn === 'error' && errors.length > 0);
  const clauses = [errorClause(errors), mismatchClause(mismatches)].filter((c) => c !== '');
  const why = !failed ? ` — not failing the run because fail-on is "${failOn}"` : '';
  return { failed, message: `${capitalise(clauses.join('; '))}${why}.` };
}
