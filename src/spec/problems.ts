/**
 * Spec problems as data: found by the parser, the schema, the cross-field rules and the
 * interpolation, each with a path, then placed at file:line:column and printed all at once.
 */
import type { SpecProblem } from '../shared/errors.js';
import type { PathSegment } from './positions.js';

/** A problem before it is placed in the file. */
export interface RawProblem {
  path: PathSegment[];
  message: string;
  hint?: string;
  /** Point at the key of the last path segment (unknown keys) instead of its value. */
  at?: 'key' | 'value';
}

/** Sorted by line, then column, then path, so the output reads top to bottom like the file. */
export function sortProblems(problems: readonly SpecProblem[]): SpecProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column || a.path.localeCompare(b.path));
}

/** `file:line:column  path: message`, then the hint indented on the next line. */
export function formatProblem(problem: SpecProblem): string {
  const head = `${problem.file}:${problem.line}:${problem.column}  ${problem.path}: ${problem.message}`;
  return problem.hint ? `${head}\n    hint: ${problem.hint}` : head;
}

/** Every problem, one after another, with a count line first. */
export function formatProblems(file: string, problems: readonly SpecProblem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return [`${file}: ${count}; nothing was run.`, ...problems.map(formatProblem)].join('\n');
}
