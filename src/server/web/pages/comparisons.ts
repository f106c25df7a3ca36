/** Comparisons: the list (execute one or several at once) and one comparison with its configuration and recent jobs. */
import { html } from 'hono/html';
import type { ComparisonRecord, JobRecord } from '../../storage/store.js';
import { badge, count, duration, timeTag, type Html } from '../format.js';
import { csrfField, page, pager, UI, type Viewer } from '../layout.js';
import { outcome } from './jobs.js';

export interface ComparisonsView {
  viewer: Viewer;
  comparisons: ComparisonRecord[];
  sourceNames: Map<string, string>;
  total: number;
  page: number;
  pages: number;
  canExecute: boolean;
  /** The key may define comparisons (write:comparison). */
  canCreate: boolean;
  now: Date;
  notice?: Html;
}

function sides(c: ComparisonRecord, names: Map<string, string>): Html {
  const side = (datasource: string, dataset: string | null, query: unknown) =>
    html`${names.get(datasource) ?? datasource} · ${dataset ?? (typeof query === 'string' ? 'query' : '')}`;
  return html`${side(c.source_datasource_id, c.source_dataset_name, c.configuration.source_query)} <span class="arrow">→</span> ${side(c.target_datasource_id, c.target_dataset_name, c.configuration.target_query)}`;
}

export function comparisonsPage(view: ComparisonsView): Html {
  if (view.comparisons.length === 0) {
    return page(
      { title: 'Comparisons', section: 'comparisons', viewer: view.viewer },
      html`<h1>Comparisons</h1>${view.notice ?? ''}${view.canCreate ? html`<div class="row"><a class="button primary" href="${UI}/comparisons/new">New comparison</a></div>` : ''}
        <p class="empty">No comparisons yet.${view.canCreate ? ' Define one here, or create them with the action in api mode.' : ' A key with write:comparison can define one.'}</p>`,
    );
  }
  const select = (c: ComparisonRecord) =>
    view.canExecute ? html`<td><input type="checkbox" name="id" value="${c.id}" aria-label="Select ${c.name}" form="execute-many" /></td>` : '';
  return page(
    { title: 'Comparisons', section: 'comparisons', viewer: view.viewer },
    html`<h1>Comparisons</h1>
      ${view.notice ?? ''}
      <div class="row">
        ${view.canCreate ? html`<a class="button primary" href="${UI}/comparisons/new">New comparison</a>` : ''}
        ${view.canExecute ? html`<form id="execute-many" method="post" action="${UI}/comparisons/execute">${csrfField(view.viewer)}<button type="submit">Run selected</button></form>` : ''}
      </div>
      <div class="scroll"><table>
        <thead><tr>${view.canExecute ? html`<th scope="col"><input type="checkbox" data-select-all="id" aria-label="Select all" /></th>` : ''}<th scope="col">Name</th><th scope="col">Source → target</th><th scope="col">Created</th></tr></thead>
        <tbody>${view.comparisons.map((c) => html`<tr>${select(c)}<td><a href="${UI}/comparisons/${c.id}">${c.name}</a></td><td class="small">${sides(c, view.sourceNames)}</td><td>${timeTag(c.created_at, view.now)}</td></tr>`)}</tbody>
      </table></div>
      <p class="muted small">${count(view.total)} comparison${view.total === 1 ? '' : 's'}</p>
      ${pager(view.page, view.pages, (n) => `${UI}/comparisons?page=${n}`)}`,
  );
}

export interface ComparisonView {
  viewer: Viewer;
  comparison: ComparisonRecord;
  sourceNames: Map<string, string>;
  jobs: JobRecord[];
  canExecute: boolean;
  canEdit: boolean;
  now: Date;
  notice?: Html;
}

export function comparisonPage(view: ComparisonView): Html {
  const c = view.comparison;
  return page(
    { title: c.name, section: 'comparisons', viewer: view.viewer },
    html`<h1>${c.name}</h1>
      ${view.notice ?? ''}
      <dl class="facts">
        <dt>Compares</dt><dd>${sides(c, view.sourceNames)}</dd>
        <dt>Created</dt><dd>${timeTag(c.created_at, view.now)}</dd>
        <dt>ID</dt><dd class="mono">${c.id}</dd>
      </dl>
      <div class="row">
        ${view.canExecute ? html`<form method="post" action="${UI}/comparisons/${c.id}/execute">${csrfField(view.viewer)}<button type="submit" class="primary">Run</button></form>` : ''}
        ${view.canEdit ? html`<a class="button" href="${UI}/comparisons/${c.id}/edit">Edit</a>
          <form method="post" action="${UI}/comparisons/${c.id}/delete" data-confirm="Delete comparison ${c.name}? Its jobs stay.">${csrfField(view.viewer)}<button type="submit" class="danger">Delete</button></form>` : ''}
      </div>
      <h2>Configuration</h2>
      <pre>${JSON.stringify(c.configuration, null, 2)}</pre>
      <h2>Recent jobs</h2>
      ${
        view.jobs.length === 0
          ? html`<p class="empty">Not executed yet.</p>`
          : html`<div class="scroll"><table><thead><tr><th scope="col">Job</th><th scope="col">Status</th><th scope="col">Result</th><th scope="col">Created</th><th scope="col" class="num">Took</th></tr></thead>
            <tbody>${view.jobs.map((job) => html`<tr><td><a href="${UI}/jobs/${job.id}">#${job.id}</a></td><td>${badge(job.status)}</td><td>${outcome(job)}</td><td>${timeTag(job.created_at, view.now)}</td><td class="num">${duration(job.time_taken)}</td></tr>`)}</tbody></table></div>
            <p><a href="${UI}/jobs?comparison=${c.id}">All jobs of this comparison</a></p>`
      }`,
  );
}
