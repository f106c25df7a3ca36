/** Data sources with their catalog counts and scan status, and one source's catalog with the sensitive columns marked. */
import { html } from 'hono/html';
import type { CatalogTable } from '../../../catalog/scan.js';
import type { DatasourceRow } from '../../storage/store.js';
import { badge, count, timeTag, type Html } from '../format.js';
import { csrfField, page, pager, UI, type Viewer } from '../layout.js';

export interface SourcesView {
  viewer: Viewer;
  sources: DatasourceRow[];
  total: number;
  page: number;
  pages: number;
  /** The key may add data sources (write). */
  canAdd: boolean;
  now: Date;
  notice?: Html;
}

export function sourcesPage(view: SourcesView): Html {
  const body =
    view.sources.length === 0
      ? html`<p class="empty">No data sources yet.${view.canAdd ? html` <a href="${UI}/sources/new">Add one</a> to start comparing.` : ' A key with the write scope can add one.'}</p>`
      : html`<div class="scroll"><table>
          <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col" class="num">Datasets</th><th scope="col" class="num">Columns</th><th scope="col" class="num">Sensitive columns</th><th scope="col">Last scan</th><th scope="col">Version</th></tr></thead>
          <tbody>${view.sources.map(
            (s) => html`<tr>
              <td><a href="${UI}/sources/${s.id}">${s.name}</a></td><td>${s.type}</td><td>${badge(s.status)}</td>
              <td class="num">${count(s.dataset_count)}</td>
              <td class="num">${s.scan ? count(s.scan.column_count) : '—'}</td>
              <td class="num">${s.scan ? count(s.scan.sensitive_column_count) : '—'}</td>
              <td>${s.scan ? html`${badge(s.scan.status)} ${timeTag(s.scan.started_at, view.now)}` : html`<span class="muted">never</span>`}</td>
              <td class="small">${s.database_version ?? ''}</td>
            </tr>`,
          )}</tbody></table></div>
          <p class="muted small">"—": never scanned, so nothing was counted. This server has no validations.</p>`;
  return page(
    { title: 'Data sources', section: 'sources', viewer: view.viewer },
    html`<h1>Data sources</h1>${view.notice ?? ''}${view.canAdd ? html`<div class="row"><a class="button primary" href="${UI}/sources/new">Add data source</a></div>` : ''}${body}${pager(view.page, view.pages, (n) => `${UI}/sources?page=${n}`)}`,
  );
}

export interface SourceView {
  viewer: Viewer;
  source: DatasourceRow;
  tables: CatalogTable[] | undefined;
  sensitiveOnly: boolean;
  canScan: boolean;
  now: Date;
  notice?: Html;
}

function tableCard(table: CatalogTable): Html {
  const sensitive = table.columns.filter((c) => c.sensitive).length;
  return html`<details class="endpoint"${sensitive > 0 ? html` open` : ''}>
    <summary><strong class="mono">${table.name}</strong> <span class="muted small">${table.kind} · ${count(table.columns.length)} columns</span>${sensitive > 0 ? html` <span class="badge b-sensitive">${count(sensitive)} sensitive</span>` : ''}</summary>
    <div class="scroll"><table><thead><tr><th scope="col">Column</th><th scope="col">Type</th><th scope="col">Sensitive</th></tr></thead>
    <tbody>${table.columns.map((c) => html`<tr><td class="mono">${c.name}</td><td class="mono small">${c.type}</td><td>${c.sensitive ? html`<span class="badge b-sensitive" title="${c.sensitive.reason}">${c.sensitive.kind}</span> <span class="small muted">${Math.round(c.sensitive.confidence * 100)}% · ${c.sensitive.reason}</span>` : ''}</td></tr>`)}</tbody></table></div>
  </details>`;
}

export function sourcePage(view: SourceView): Html {
  const s = view.source;
  const tables = view.tables && (view.sensitiveOnly ? view.tables.filter((t) => t.columns.some((c) => c.sensitive)) : view.tables);
  return page(
    { title: s.name, section: 'sources', viewer: view.viewer },
    html`<h1>${s.name}</h1>
      ${view.notice ?? ''}
      <dl class="facts">
        <dt>Type</dt><dd>${s.type}</dd><dt>Status</dt><dd>${badge(s.status)} ${s.database_version ?? ''}</dd>
        <dt>Last scan</dt><dd>${s.scan ? html`${badge(s.scan.status)} ${timeTag(s.scan.started_at, view.now)} · ${count(s.scan.duration_ms)} ms${s.scan.message ? html` · ${s.scan.message}` : ''}` : 'never'}</dd>
        <dt>Counts</dt><dd>${count(s.dataset_count)} datasets · ${s.scan ? count(s.scan.column_count) : '—'} columns · ${s.scan ? count(s.scan.sensitive_column_count) : '—'} sensitive</dd>
      </dl>
      <div class="row">
        ${view.canScan ? html`<form method="post" action="${UI}/sources/${s.id}/scan">${csrfField(view.viewer)}<button type="submit">Scan now</button></form>` : ''}
        <a class="button" href="${UI}/sources/${s.id}${view.sensitiveOnly ? '' : '?sensitive=1'}">${view.sensitiveOnly ? 'Show every table' : 'Only tables with sensitive columns'}</a>
      </div>
      <h2>Catalog</h2>
      ${!tables ? html`<p class="empty">Not scanned yet.</p>` : tables.length === 0 ? html`<p class="empty">${view.sensitiveOnly ? 'No table has a sensitive column.' : 'No tables or views.'}</p>` : tables.slice(0, 500).map(tableCard)}
      ${tables && tables.length > 500 ? html`<p class="muted">The first 500 of ${count(tables.length)} tables; the API pages through all: <code>GET /sources/${s.id}/catalog</code>.</p>` : ''}`,
  );
}
