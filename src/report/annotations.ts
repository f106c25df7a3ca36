/**
 * Annotations on the spec file: each comparison that failed to run or differs points at the line
 * where it is declared. GitHub shows at most 10 annotations of each level per step (and `setFailed`
 * takes one error slot), so we keep the 9 most important per level and add one notice saying how
 * many more there are. Errors (the tool could not compare) come before mismatches (the data
 * differs). Pure: returns data; src/action/ emits it.
 */
import type { ComparisonResult, RunResult } from '../engine/model.js';
import type { SpecError } from '../shared/errors.js';
import { plainText } from './escape.js';
import { byImportance, count, countsOnly, differingRows, errorKindLabel, plural } from './format.js';
import { columnWhyLine, reportedColumns } from './patterns.js';
import type { FailOn } from './outcome.js';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  title: string;
  message: string;
  file: string;
  /** 1-based; undefined = the whole file. */
  line?: number;
}

/** Per level, leaving one error slot for `setFailed`. */
export const ANNOTATIONS_PER_LEVEL = 9;
/** GitHub cuts an annotation message at 4,096 characters; we cut first, with an ellipsis. */
export const ANNOTATION_MESSAGE_CHARS = 4_096;

function mismatchMessage(c: ComparisonResult): string {
  const s = c.stats;
  const head = countsOnly(c)
    ? 'Only the row counts were compared (quick_comparison).'
    : s
    ? `${plural(differingRows(c), 'differing row')}: ${count(s.mismatched_rows)} changed, ${count(s.only_in_source)} only in source, ${count(s.only_in_target)} only in target.`
    : `${plural(differingRows(c), 'differing row')}.`;
  const reasons = c.result?.diff_reasons ?? [];
  const why = reportedColumns(c.diff).flatMap(([name, m]) => {
    const line = columnWhyLine(m);
    return line ? [`Why ${name}: ${line}.`] : [];
  });
  return [head, ...reasons, ...why].join('\n');
}

function comparisonAnnotation(c: RunResult['comparisons'][number], level: AnnotationLevel, specFile: string): Annotation {
  let message: string;
  if (c.status === 'error') {
    const error = c.error ?? { kind: 'internal' as const, message: 'The comparison failed without an error message.' };
    message = `Could not compare (${errorKindLabel(error.kind)}): ${error.message}${error.hint ? `\nWhat to do: ${error.hint}` : ''}`;
  } else if (c.status === 'mismatch') {
    message = `The data differs. ${mismatchMessage(c)}`;
  } else {
    message = `The data differs within the comparison's thresholds. ${mismatchMessage(c)}`;
  }
  const line = c.location && c.location.line > 0 ? c.location.line : undefined;
  return {
    level,
    title: plainText(c.name, 200),
    message: plainText(message, ANNOTATION_MESSAGE_CHARS).replace(/ ↵ /g, '\n'),
    file: specFile,
    ...(line === undefined ? {} : { line }),
  };
}

/** Caps each level at ANNOTATIONS_PER_LEVEL and appends one notice naming what was left out. */
export function capAnnotations(annotations: readonly Annotation[], specFile: string): Annotation[] {
  const kept: Annotation[] = [];
  const dropped: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const seen: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  for (const annotation of annotations) {
    if (seen[annotation.level] < ANNOTATIONS_PER_LEVEL) {
      seen[annotation.level]++;
      kept.push(annotation);
    } else {
      dropped[annotation.level]++;
    }
  }
  const total = dropped.error + dropped.warning + dropped.notice;
  if (total > 0) {
    const parts = (['error', 'warning', 'notice'] as const).filter((l) => dropped[l] > 0).map((l) => plural(dropped[l], l));
    kept.push({ level: 'notice', title: 'datacompare', message: `${count(total)} more (${parts.join(', ')}) — see the job summary.`, file: specFile });
  }
  return kept;
}

/**
 * The run's annotations: tool errors (error level), then mismatches (error level when they fail the
 * run under `failOn`, else warnings), then differences within thresholds (notices).
 */
export function runAnnotations(run: RunResult, options: { specFile: string; failOn: FailOn }): Annotation[] {
  const ordered = byImportance(run.comparisons);
  const all: Annotation[] = [];
  for (const c of ordered) {
    if (c.status === 'error') all.push(comparisonAnnotation(c, 'error', options.specFile));
  }
  for (const c of ordered) {
    if (c.status === 'mismatch') all.push(comparisonAnnotation(c, options.failOn === 'mismatch' ? 'error' : 'warning', options.specFile));
  }
  for (const c of ordered) {
    if (c.status === 'match' && c.within_thresholds) all.push(comparisonAnnotation(c, 'notice', options.specFile));
  }
  const levelRank: Record<AnnotationLevel, number> = { error: 0, warning: 1, notice: 2 };
  return capAnnotations(
    all.sort((a, b) => levelRank[a.level] - levelRank[b.level]),
    options.specFile,
  );
}

/** One error annotation per problem of an invalid spec, at the offending line. */
export function specErrorAnnotations(error: SpecError, options: { specFile: string }): Annotation[] {
  const all = error.problems.map((problem): Annotation => {
    const message = `${problem.path ? `${problem.path}: ` : ''}${problem.message}${problem.hint ? `\nWhat to do: ${problem.hint}` : ''}`;
    return {
      level: 'error',
      title: 'Invalid spec',
      message: plainText(message, ANNOTATION_MESSAGE_CHARS).replace(/ ↵ /g, '\n'),
      file: options.specFile,
      ...(problem.line > 0 ? { line: problem.line } : {}),
    };
  });
  return capAnnotations(all, options.specFile);
}
