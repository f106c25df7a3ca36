/**
 * The sticky pull-request comment: one per pull request and comment key, found again by a hidden
 * marker, stating the head commit it reports on (also as a marker, so a later run can tell whether
 * the comment is about a newer commit). It carries no timings, so re-running on the same data renders
 * the same body and the comment is left alone. GitHub rejects bodies over 65,536 characters, so it shrinks
 * in stages: full tables → as many sample rows as fit → no rows → as many examples of kinds of
 * difference as fit → no examples → statistics only → one line and a link to the run. Pure.
 */
import type { RunResult } from '../engine/model.js';
import type { RowsHint } from './format.js';
import { redact } from '../shared/redact.js';
import { largestFitting } from './budget.js';
import { inlineText, safeUrl } from './escape.js';
import { allDetails, statusLine, statusTable } from './markdown-parts.js';
import { dbtSection } from './markdown-dbt.js';
import { mostExamples } from './patterns.js';

/** GitHub's limit for a comment body, in characters. */
export const COMMENT_LIMIT_CHARS = 65_536;

/**
 * Examples of kinds of difference per comparison, one kept row each (about 300 characters apiece): enough
 * to cover every column's main kinds and short of crowding the sample rows out of a comment.
 */
export const COMMENT_EXAMPLES = 20;

export interface CommentOptions {
  /** Identifies this comment among others datacompare writes on the same PR (default: the spec path). */
  commentKey: string;
  /** The pull request's head commit this run checked. */
  headSha: string;
  /** The workflow run, for "see the run". */
  runUrl?: string;
  maxDiffRows: number;
  /** Default COMMENT_LIMIT_CHARS. */
  maxChars?: number;
  /** Where the kept rows are and how to keep more (see rowsNote). */
  rows?: RowsHint;
}

/** The key inside an HTML comment: no `--`, no `>`, nothing but a conservative character set. */
function encodeKey(key: string): string {
  return key.replace(/[^A-Za-z0-9._/-]/g, (ch) => encodeURIComponent(ch)).replace(/--/g, '-%2D');
}

/** The hidden marker that identifies our comment for `commentKey`. */
export function commentMarker(commentKey: string): string {
  return `<!-- datacompare:comment-key=${encodeKey(commentKey)} -->`;
}

const SHA_MARKER = /<!-- datacompare:head-sha=([0-9a-f]{7,64}) -->/;

/** The head SHA an existing comment of ours reports on, if it says. */
export function reportedHeadSha(body: string): string | undefined {
  return SHA_MARKER.exec(body)?.[1];
}

function shaMarker(sha: string): string {
  const clean = /^[0-9a-f]{7,64}$/i.test(sha) ? sha.toLowerCase() : 'unknown';
  return `<!-- datacompare:head-sha=${clean} -->`;
}

interface Stage {
  name: string;
  rows: number;
  examples: number;
  details: boolean;
  /** Cut the status table to the most important comparisons (many dbt models). */
  tableLimit?: number;
}

function header(run: RunResult, options: CommentOptions): string[] {
  const short = /^[0-9a-f]{7,64}$/i.test(options.headSha) ? options.headSha.slice(0, 7) : inlineText(options.headSha, 12);
  const url = safeUrl(options.runUrl);
  const link = url ? ` · [workflow run](${url})` : '';
  return [commentMarker(options.commentKey), shaMarker(options.headSha), `### datacompare: ${run.status}`, '', statusLine(run, { timings: false }), '', `<sub>Checked commit ${short}${link} · spec key ${inlineText(options.commentKey, 200)}</sub>`];
}

function render(run: RunResult, stage: Stage, options: CommentOptions, shortened: boolean): string {
  const parts = [...header(run, options), ''];
  const dbt = dbtSection(run, { limit: stage.details ? 50 : Math.min(20, stage.tableLimit ?? 20) });
  if (dbt) parts.push(dbt, '');
  parts.push(statusTable(run, { ...(stage.tableLimit !== undefined && { limit: stage.tableLimit }) }));
  if (stage.details) {
    const details = allDetails(run, { maxRows: stage.rows, examples: stage.examples, chart: false, timings: false, ...(options.rows ? { rows: options.rows } : {}) });
    if (details) parts.push('', details);
  }
  if (shortened) parts.push('', `<sub>Shortened to fit GitHub's comment size limit (${stage.name}); the job summary and the report files have everything.</sub>`);
  return redact(parts.join('\n')) + '\n';
}

function oneLine(run: RunResult, options: CommentOptions): string {
  const url = safeUrl(options.runUrl);
  const see = url ? ` See the [workflow run](${url}) for the report.` : ' See the workflow run for the report.';
  return redact([commentMarker(options.commentKey), shaMarker(options.headSha), `### datacompare: ${run.status}`, '', `${statusLine(run, { timings: false })}${see}`].join('\n')) + '\n';
}

/** The comment body and the stage it fit at. */
export function renderCommentWithStage(run: RunResult, options: CommentOptions): { markdown: string; stage: string } {
  const limit = options.maxChars ?? COMMENT_LIMIT_CHARS;
  const fitting = (stage: Stage, shortened: boolean): string | undefined => {
    const body = render(run, stage, options, shortened);
    return body.length <= limit ? body : undefined;
  };
  const examples = mostExamples(run.comparisons, COMMENT_EXAMPLES);
  const full = fitting({ name: 'full tables', rows: options.maxDiffRows, examples, details: true }, false);
  if (full !== undefined) return { markdown: full, stage: 'full tables' };
  const fewer = largestFitting(1, options.maxDiffRows - 1, (rows) => fitting({ name: `${rows} sample rows`, rows, examples, details: true }, true));
  if (fewer) return { markdown: fewer.text, stage: `${fewer.n} sample rows` };
  const noRows = fitting({ name: 'no sample rows', rows: 0, examples, details: true }, true);
  if (noRows !== undefined) return { markdown: noRows, stage: 'no sample rows' };
  // Examples teach more than sample rows: they go after the rows, as many as fit.
  const fewerExamples = largestFitting(1, examples - 1, (n) => fitting({ name: `no sample rows, ${n} examples`, rows: 0, examples: n, details: true }, true));
  if (fewerExamples) return { markdown: fewerExamples.text, stage: `no sample rows, ${fewerExamples.n} examples` };
  for (const stage of [
    ...(examples > 0 ? [{ name: 'no sample rows or examples', rows: 0, examples: 0, details: true }] : []),
    { name: 'statistics only', rows: 0, examples: 0, details: false },
    ...[100, 30].filter((n) => n < run.comparisons.length).map((n) => ({ name: `first ${n} comparisons`, rows: 0, examples: 0, details: false, tableLimit: n })),
  ]) {
    const body = fitting(stage, true);
    if (body !== undefined) return { markdown: body, stage: stage.name };
  }
  return { markdown: oneLine(run, options), stage: 'one line' };
}

export function renderComment(run: RunResult, options: CommentOptions): string {
  return renderCommentWithStage(run, options).markdown;
}
