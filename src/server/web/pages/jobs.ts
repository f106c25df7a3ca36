/** The Jobs page (where a person lands after signing in): newest first, filters, paging, reloads while a job runs. */
import { html } from 'hono/html';
import { JOB_STATUSES } from '../../../api/contract.js';
import type { ComparisonRecord, JobRecord } from '../../storage/store.js';
import { badge, count, duration, timeTag, type Html } from '../format.js';
import { page, pager, UI, type Viewer } from '../layout.js';

export interface JobsView {
  viewer: Viewer;
  jobs: JobRecord[];
  total: number;
  page: number;
  pages: number;
  status: string;
  comparisonId: string;
  comparisons: Pick<ComparisonRecord, 'id' | 'name'>[];
  now: Date;
  notice?: Html;
}

export function jobsHref(filters: { status?: string; comparison?: string; page?: number }): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.comparison) query.set('comparison', filters.comparison);
  if (filters.page && filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return `${UI}/jobs${text ? `?${text}` : ''}`;
}

/** MATCH / MISMATCH and the differing rows of a finished job, from its stored result. */
export function outcome(job: JobRecord): Html {
  if (job.status !== 'SUCCESS' || !job.result) return html``;
  const result = job.result as { diff_status?: string; diff_rows_total?: number; stats?: { mismatched_rows?: number; only_in_source?: number; only_in_target?: number } };
  const stats = result.stats;
  const differing = stats ? (stats.mismatched_rows ?? 0) + (stats.only_in_source ?? 0) + (stats.only_in_target ?? 0) : result.diff_rows_total;
  return html`${badge(result.diff_status ?? 'unknown')}${differing ? html` <span class="small">${count(differing)} rows differ</span>` : ''}`;
}

export function jobsPage(view: JobsView): Html {
  const running = view.jobs.some((job) => job.status === 'PENDING' || job.status === 'STARTED');
  const filters = html`<form method="get" action="${UI}/jobs" class="row" role="search">
    <div><label for="status">Status</label>
      <select id="status" name="status" data-submit-on-change>
        <option value="">All</option>
        ${JOB_STATUSES.map((s) => html`<option value="${s}"${s === view.status ? html` selected` : ''}>${s}</option>`)}
      </select></div>
    <div><label for="comparison">Comparison</label>
      <select id="comparison" name="comparison" data-submit-on-change>
        <option value="">All</option>
        ${view.comparisons.map((c) => html`<option value="${c.id}"${c.id === view.comparisonId ? html` selected` : ''}>${c.name}</option>`)}
      </select></div>
    <button type="submit">Filter</button>
  </form>`;
  const table =
    view.jobs.length === 0
      ? html`<p class="empty">${view.status || view.comparisonId ? 'No job matches these filters.' : html`No jobs yet. Execute a comparison from <a href="${UI}/comparisons">Comparisons</a>.`}</p>`
      : html`<div class="scroll"><table>
          <thead><tr><th scope="col">Job</th><th scope="col">Comparison</th><th scope="col">Status</th><th scope="col">Result</th><th scope="col">Source → target</th><th scope="col">Created</th><th scope="col" class="num">Took</th></tr></thead>
          <tbody>
          ${view.jobs.map(
            (job) => html`<tr>
              <td><a href="${UI}/jobs/${job.id}">#${job.id}</a></td>
              <td>${job.comparison_name}</td>
              <td>${badge(job.status)}</td>
              <td>${outcome(job)}</td>
              <td class="small">${job.source_datasource_name ?? ''} ${job.source_dataset_name ?? ''} <span class="arrow">→</span> ${job.target_datasource_name ?? ''} ${job.target_dataset_name ?? ''}</td>
              <td>${timeTag(job.created_at, view.now)}</td>
              <td class="num">${duration(job.time_taken)}</td>
            </tr>`,
          )}
          </tbody></table></div>`;
  return page(
    { title: 'Jobs', section: 'jobs', viewer: view.viewer, ...(running ? { refreshSeconds: 5 } : {}) },
    html`<h1>Jobs</h1>
      ${view.notice ?? ''}
      ${filters}
      <p class="muted small">${count(view.total)} job${view.total === 1 ? '' : 's'} in the last 30 days${running ? ' · this page reloads every 5 s while a job runs' : ''}</p>
      ${table}
      ${pager(view.page, view.pages, (n) => jobsHref({ status: view.status, comparison: view.comparisonId, page: n }))}`,
  );
}
