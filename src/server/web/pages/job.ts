/**
 * One job: status and timing, the counts, the per-column mismatches, the differing rows (key, then
 * source → target per column, changed cells highlighted), schema differences, the error of a failed
 * job, Terminate while it runs, and the equivalent curl / CLI command to copy.
 */
import { html } from 'hono/html';
import type { DiffDetailsData } from '../../../api/contract.js';
import type { ComparisonStats, DiffRow, SchemaDiff } from '../../../engine/model.js';
import type { JobRecord } from '../../storage/store.js';
import { badge, changedValues, count, duration, sentence, timeTag, value, type Html } from '../format.js';
import { csrfField, page, pager, UI, type Viewer } from '../layout.js';
import { whyCell } from './job-why.js';
import { outcome } from './jobs.js';

export const DIFF_ROWS_PER_PAGE = 50;

export interface JobView {
  viewer: Viewer;
  job: JobRecord;
  /** Masked unless the key may read sensitive values; null until the job has succeeded. `diff_rows`: the shown page's rows only. */
  diff: DiffDetailsData | null;
  /** The rows the columns' patterns name as examples, by their index among the job's rows (masked as `diff`). */
  examples: ReadonlyMap<number, DiffRow>;
  /** How many rows the job kept (of which `diff.diff_rows` are page `diffPage`). */
  diffRowCount: number;
  masked: boolean;
  diffPage: number;
  canTerminate: boolean;
  canExecute: boolean;
  /** The service's address as the browser sees it, for the commands to copy. */
  origin: string;
  now: Date;
  notice?: Html;
}

type Stats = Pick<ComparisonStats, 'source_rows' | 'target_rows' | 'matched_rows' | 'mismatched_rows' | 'only_in_source' | 'only_in_target' | 'accepted_rows'>;

function cards(stats: Stats): Html {
  const items: [string, number][] = [
    ['Source rows', stats.source_rows],
    ['Target rows', stats.target_rows],
    ['Matched', stats.matched_rows],
    ['Changed', stats.mismatched_rows],
    ['Only in source', stats.only_in_source],
    ['Only in target', stats.only_in_target],
    // rows counted as matched whose every difference is of a kind the comparison accepts
    ...(stats.accepted_rows === undefined ? [] : [['Matched as accepted', stats.accepted_rows] as [string, number]]),
  ];
  const compared = stats.matched_rows + stats.mismatched_rows + stats.only_in_source + stats.only_in_target;
  // matched ÷ rows compared, rounded down: one differing row never reads 100.0%
  const match = compared > 0 ? `${(Math.floor((stats.matched_rows / compared) * 1000) / 10).toFixed(1)}%` : '—';
  return html`<div class="cards"><div class="card"><div class="v">${match}</div><div class="k">Match</div></div>${items.map(([k, v]) => html`<div class="card"><div class="v">${count(v)}</div><div class="k">${k}</div></div>`)}</div>`;
}

function mismatchTable(diff: DiffDetailsData, examples: ReadonlyMap<number, DiffRow>): Html {
  const entries = Object.entries(diff.mismatched_columns_mapping);
  if (entries.length === 0) return html``;
  // A job from before the kinds of difference were counted has no Why to show.
  const why = entries.some(([, m]) => (m.patterns?.length ?? 0) > 0 || (m.accepted?.length ?? 0) > 0);
  const context = { examples, keys: diff.primary_key_columns, ...(diff.cut_values ? { cutValues: diff.cut_values } : {}) };
  return html`<h2>Columns that differ</h2>
    <div class="scroll"><table class="columns">
      ${why ? html`<caption class="muted small">Why: each kind of difference with its rows; open one to see an example row.</caption>` : ''}
      <thead><tr><th scope="col">Source column</th><th scope="col">Target column</th><th scope="col" class="num">Rows that differ</th>${why ? html`<th scope="col">Why</th>` : ''}<th scope="col">Details</th></tr></thead>
      <tbody>${entries.map(([column, m]) => html`<tr><td class="mono" data-label="Source">${column}</td><td class="mono" data-label="Target">${diff.column_mapping[column] ?? column}</td><td class="num" data-label="Rows that differ">${count(m.mismatch_count)}</td>${why ? html`<td class="why">${whyCell(column, m, context)}</td>` : ''}<td class="small">${m.details}</td></tr>`)}</tbody>
    </table></div>`;
}

const DIFF_LABEL: Record<string, string> = { changed: 'changed', only_in_source: 'only in source', only_in_target: 'only in target' };

function diffRows(view: JobView, diff: DiffDetailsData): Html {
  const total = view.diffRowCount;
  if (total === 0) return html`<h2>Differing rows</h2><p class="empty">No differing rows.</p>`;
  const pages = Math.ceil(total / DIFF_ROWS_PER_PAGE);
  const current = Math.min(Math.max(1, view.diffPage), pages);
  const first = (current - 1) * DIFF_ROWS_PER_PAGE;
  const rows = diff.diff_rows;
  const keys = diff.primary_key_columns;
  const compared = Object.keys(diff.column_mapping).filter((column) => !keys.includes(column));
  const shown = compared.filter((column) => rows.some((row) => `source_${column}` in row || `target_${column}` in row));
  // A value kept only in part (over 64 Ki characters) shows its whole length.
  const cuts = new Map((diff.cut_values ?? []).map((cut) => [`${cut.row}\u0000${cut.field}`, cut]));
  const cell = (row: Record<string, unknown>, index: number, column: string): Html => {
    const hasSource = `source_${column}` in row;
    const hasTarget = `target_${column}` in row;
    const whole = (field: string) => cuts.get(`${first + index}\u0000${field}`);
    if (row._diff_type === 'changed') {
      if (!hasSource && !hasTarget) return html`<td class="muted small">unchanged</td>`;
      const shown = changedValues(row[`source_${column}`], row[`target_${column}`], whole(`source_${column}`), whole(`target_${column}`));
      return html`<td class="changed">${shown.source}<span class="arrow" aria-label="changed to">→</span>${shown.target}</td>`;
    }
    const field = hasSource ? `source_${column}` : `target_${column}`;
    return html`<td>${hasSource || hasTarget ? value(row[field], whole(field)) : ''}</td>`;
  };
  const kept = diff.diff_rows_max_bytes
    ? html` The job kept ${count(total)} of ${count(diff.diff_rows_total ?? total)} differing rows: the server stores at most ${count(diff.diff_rows_max_bytes)} bytes of rows per job.`
    : html` The job kept ${count(total)} of ${count(diff.diff_rows_total ?? total)} differing rows (its max_diff_rows).`;
  const cut = diff.truncated ? kept : '';
  return html`<h2>Differing rows</h2>
    <p class="muted small">Rows ${count(first + 1)}–${count(first + rows.length)} of ${count(total)}.${cut}${view.masked ? ' Values of sensitive columns are masked (your key lacks read:sensitive).' : ''}</p>
    <div class="scroll"><table class="diff">
      <thead><tr>${keys.map((k) => html`<th scope="col" class="mono">${k} <span class="muted">(key)</span></th>`)}<th scope="col">Difference</th>${shown.map((c) => html`<th scope="col" class="mono">${c}</th>`)}</tr></thead>
      <tbody>${rows.map((row, index) => html`<tr>${keys.map((k) => html`<td class="mono">${value(row[k], cuts.get(`${first + index}\u0000${k}`))}</td>`)}<td>${DIFF_LABEL[String(row._diff_type)] ?? String(row._diff_type)}</td>${shown.map((c) => cell(row, index, c))}</tr>`)}</tbody>
    </table></div>
    ${pager(current, pages, (n) => `${UI}/jobs/${view.job.id}?rows=${n}#rows`)}`;
}

function schemaDifferences(schema: Partial<SchemaDiff> | undefined): Html {
  if (!schema) return html``;
  const lines: Html[] = [
    ...(schema.only_in_source ?? []).map((c) => html`<li>only in source: <code>${c.name}</code> ${c.type}</li>`),
    ...(schema.only_in_target ?? []).map((c) => html`<li>only in target: <code>${c.name}</code> ${c.type}</li>`),
    ...(schema.type_mismatches ?? []).map((m) => html`<li><code>${m.source_column}</code> ${m.source_type} <span class="arrow">→</span> <code>${m.target_column}</code> ${m.target_type}</li>`),
  ];
  return html`<h2>Schema differences</h2>${lines.length === 0 ? html`<p class="muted">None.</p>` : html`<ul>${lines}</ul>`}`;
}

function commands(view: JobView): Html {
  const { job, origin, viewer } = view;
  const curl = `curl -s -H "Authorization: Bearer $DATACOMPARE_API_KEY" -H "Workspace-Id: ${viewer.workspaceId}" ${origin}/jobs/comparison/${job.id}/diff-details`;
  const cli = `DATACOMPARE_API_URL=${origin} DATACOMPARE_WORKSPACE_ID=${viewer.workspaceId} datacompare diff ${job.id}`;
  return html`<h2>From a terminal</h2>
    <div class="secret"><code id="curl-command">${curl}</code><button type="button" data-copy="curl-command">Copy curl</button></div>
    <p></p>
    <div class="secret"><code id="cli-command">${cli}</code><button type="button" data-copy="cli-command">Copy CLI</button></div>`;
}

export function jobPage(view: JobView): Html {
  const { job, now } = view;
  const running = job.status === 'PENDING' || job.status === 'STARTED';
  const result = job.result as { stats?: Stats; schema_diff?: Partial<SchemaDiff>; diff_reasons?: string[] } | null;
  const actions = html`<div class="row">
    ${running && view.canTerminate ? html`<form method="post" action="${UI}/jobs/${job.id}/terminate" data-confirm="Terminate job #${job.id}?">${csrfField(view.viewer)}<button type="submit" class="danger">Terminate</button></form>` : ''}
    ${!running && view.canExecute ? html`<form method="post" action="${UI}/comparisons/${job.comparison_id}/execute">${csrfField(view.viewer)}<button type="submit" class="primary">Run again</button></form>` : ''}
    ${job.status === 'SUCCESS' ? html`<a class="button" href="${UI}/jobs/${job.id}/rows.csv" download>Download CSV</a><a class="button" href="${UI}/jobs/${job.id}/rows.json" download>Download JSON</a>` : ''}
    <a class="button" href="${UI}/comparisons/${job.comparison_id}">Comparison</a>
  </div>`;
  const failure =
    job.status === 'FAILURE' || job.status === 'REVOKED'
      ? html`<div class="notice bad" role="alert"><strong>${job.status === 'FAILURE' ? 'The job failed' : 'The job was terminated'}.</strong> ${job.failure_reason ?? job.message ?? ''}</div>`
      : '';
  return page(
    { title: `Job #${job.id}`, section: 'jobs', viewer: view.viewer, ...(running ? { refreshSeconds: 3 } : {}) },
    html`<h1>Job #${job.id} · ${job.comparison_name}</h1>
      ${view.notice ?? ''}
      <dl class="facts">
        <dt>Status</dt><dd>${badge(job.status)} ${outcome(job)}${running ? html` <span class="muted small">(this page reloads every 3 s)</span>` : ''}</dd>
        <dt>Source</dt><dd>${job.source_datasource_name ?? ''} · ${job.source_dataset_name ?? ''}</dd>
        <dt>Target</dt><dd>${job.target_datasource_name ?? ''} · ${job.target_dataset_name ?? ''}</dd>
        <dt>Created</dt><dd>${timeTag(job.created_at, now)}</dd>
        <dt>Started</dt><dd>${timeTag(job.started_at, now)}</dd>
        <dt>Finished</dt><dd>${timeTag(job.date_done, now)}</dd>
        <dt>Took</dt><dd>${duration(job.time_taken)}</dd>
        ${result?.diff_reasons?.length ? html`<dt>Why</dt><dd>${result.diff_reasons.map((reason) => html`${sentence(reason)} `)}</dd>` : ''}
      </dl>
      ${actions}
      ${failure}
      ${result?.stats ? cards(result.stats) : ''}
      ${view.diff ? mismatchTable(view.diff, view.examples) : ''}
      <div id="rows">${view.diff ? diffRows(view, view.diff) : ''}</div>
      ${job.status === 'SUCCESS' ? schemaDifferences(result?.schema_diff) : ''}
      ${commands(view)}`,
  );
}
