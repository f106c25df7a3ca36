/**
 * Comparisons › New comparison (and Edit): name and the two sides (data source, then a table from its
 * catalog or a query), then "Choose columns" lists the source table's columns to pick keys and compared
 * columns, each paired with a target column (same name by default), a numeric tolerance, filters and
 * case sensitivity; Save, or Save and run. Works without JavaScript: each step is a submit.
 */
import { html } from 'hono/html';
import type { CatalogTable } from '../../../catalog/scan.js';
import type { FieldErrors } from '../api-bridge.js';
import type { Html } from '../format.js';
import { csrfField, page, UI, type Viewer } from '../layout.js';
import { acceptFieldset, ACCEPT_FIELD } from './accept-fieldset.js';
import { field, formProblem } from './form-fields.js';

export interface SideValues {
  datasource: string;
  dataset: string;
  query: string;
  filter: string;
}

export interface ColumnChoice {
  source: string;
  type: string;
  target: string;
  compared: boolean;
  key: boolean;
  tolerance: string;
}

export interface ComparisonFormValues {
  name: string;
  source: SideValues;
  target: SideValues;
  caseSensitive: boolean;
  schemaDiff: boolean;
  /** The kinds of difference that count as equal (configuration.accept), as ticked or posted. */
  accept: string[];
  /** Empty until the columns were loaded. */
  columns: ColumnChoice[];
  /** Typed lists, for sides with a query or an unscanned table. */
  keysText: string;
  columnsText: string;
}

export interface ComparisonFormView {
  viewer: Viewer;
  /** Where the form posts: /ui/comparisons/new or /ui/comparisons/<id>/edit. */
  action: string;
  title: string;
  values: ComparisonFormValues;
  sources: { id: string; name: string; type: string }[];
  /** The catalog's tables by data source id (absent: never scanned). */
  catalogs: Map<string, CatalogTable[]>;
  /** The target table's column names, to pair with (empty when unknown). */
  targetColumns: string[];
  errors: FieldErrors;
  problem?: string;
  canRun: boolean;
}

function sideFields(view: ComparisonFormView, side: 'source' | 'target'): Html {
  const v = view.values[side];
  const tables = view.catalogs.get(v.datasource);
  const label = side === 'source' ? 'Source' : 'Target';
  const listId = `tables-${side}`;
  return html`<fieldset>
    <legend>${label}</legend>
    ${field(`${side}_datasource_id`, `${label} data source`, view.errors, html`<select id="field-${side}_datasource_id" name="${side}_datasource">
      <option value="">Choose…</option>
      ${view.sources.map((s) => html`<option value="${s.id}"${s.id === v.datasource ? html` selected` : ''}>${s.name} (${s.type})</option>`)}
    </select>`)}
    ${field(`${side}_dataset_id`, `${label} table`, view.errors, html`<input type="text" id="field-${side}_dataset_id" name="${side}_dataset" value="${v.dataset}" list="${listId}" spellcheck="false" aria-describedby="help-${side}_dataset_id" />
      <datalist id="${listId}">${(tables ?? []).map((t) => html`<option value="${t.name}"></option>`)}</datalist>`, tables ? `${tables.length} tables and views in its catalog; type to search.` : 'Schema-qualified where needed (sales.orders). Its catalog was not scanned, so the list is empty.')}
    ${field(`configuration.${side}_query`, `…or a ${side} query`, view.errors, html`<textarea id="field-configuration.${side}_query" name="${side}_query" rows="3" spellcheck="false" aria-describedby="help-configuration.${side}_query">${v.query}</textarea>`, 'One read-only SELECT, instead of a table.')}
    ${field(`configuration.${side}_filter`, `${label} filter`, view.errors, html`<input type="text" id="field-configuration.${side}_filter" name="${side}_filter" value="${v.filter}" spellcheck="false" aria-describedby="help-configuration.${side}_filter" />`, 'A WHERE condition, e.g. created_at >= \'2026-01-01\'.')}
  </fieldset>`;
}

function columnTable(view: ComparisonFormView): Html {
  const { columns } = view.values;
  const targets = view.targetColumns;
  return html`<div class="scroll"><table>
    <caption class="muted small">The source table's columns. Keys identify a row on both sides; compared columns are checked for differences.</caption>
    <thead><tr><th scope="col">Compare</th><th scope="col">Key</th><th scope="col">Source column</th><th scope="col">Type</th><th scope="col">Target column</th><th scope="col">Tolerance</th></tr></thead>
    <tbody>${columns.map(
      (c, i) => html`<tr>
        <td><input type="checkbox" name="compare" value="${c.source}" id="compare-${i}"${c.compared ? html` checked` : ''} aria-label="Compare ${c.source}" /></td>
        <td><input type="checkbox" name="key" value="${c.source}"${c.key ? html` checked` : ''} aria-label="${c.source} is a key column" /></td>
        <td class="mono"><label for="compare-${i}" class="check">${c.source}</label><input type="hidden" name="column" value="${c.source}" /><input type="hidden" name="type:${c.source}" value="${c.type}" /></td>
        <td class="mono small">${c.type}</td>
        <td>${
          targets.length
            ? html`<select name="target:${c.source}" aria-label="Target column for ${c.source}">${targets.map((t) => html`<option value="${t}"${t === c.target ? html` selected` : ''}>${t}</option>`)}</select>`
            : html`<input type="text" name="target:${c.source}" value="${c.target}" aria-label="Target column for ${c.source}" />`
        }</td>
        <td><input type="text" inputmode="decimal" name="tolerance:${c.source}" value="${c.tolerance}" size="6" aria-label="Numeric tolerance for ${c.source}" placeholder="0" /></td>
      </tr>`,
    )}</tbody></table></div>`;
}

function typedColumns(view: ComparisonFormView): Html {
  return html`${field('configuration.primary_keys_source', 'Key columns', view.errors, html`<input type="text" id="field-configuration.primary_keys_source" name="keys_text" value="${view.values.keysText}" spellcheck="false" aria-describedby="help-configuration.primary_keys_source" />`, 'Comma-separated, the same names on both sides (the columns could not be read from a catalog).')}
    ${field('configuration.source_columns', 'Compared columns', view.errors, html`<input type="text" id="field-configuration.source_columns" name="columns_text" value="${view.values.columnsText}" spellcheck="false" aria-describedby="help-configuration.source_columns" />`, 'Comma-separated, the same names on both sides.')}`;
}

export function comparisonFormPage(view: ComparisonFormView): Html {
  const v = view.values;
  const check = (name: string, on: boolean, label: string) => html`<label class="check"><input type="checkbox" name="${name}" value="1"${on ? html` checked` : ''} /> ${label}</label>`;
  const accepting = Object.keys(view.errors).filter((name) => name === ACCEPT_FIELD || name.startsWith(`${ACCEPT_FIELD}.`));
  const shown = [...accepting, 'name', 'source_datasource_id', 'target_datasource_id', 'source_dataset_id', 'target_dataset_id', 'configuration.source_query', 'configuration.target_query', 'configuration.source_filter', 'configuration.target_filter', 'configuration.primary_keys_source', 'configuration.source_columns'];
  return page(
    { title: view.title, section: 'comparisons', viewer: view.viewer },
    html`<h1>${view.title}</h1>
      ${formProblem(view.problem, view.errors, shown)}
      <form method="post" action="${view.action}" class="form" novalidate>
        ${csrfField(view.viewer)}
        ${field('name', 'Name', view.errors, html`<input type="text" id="field-name" name="name" value="${v.name}" maxlength="200" required />`)}
        <div class="sides">${sideFields(view, 'source')}${sideFields(view, 'target')}</div>
        <div class="row"><button type="submit" name="action" value="columns">Choose columns</button></div>
        <h2>Columns</h2>
        ${v.columns.length ? columnTable(view) : typedColumns(view)}
        <div class="row">${check('case_sensitive', v.caseSensitive, 'Case-sensitive text')} ${check('schema_diff', v.schemaDiff, 'Also compare the schemas')}</div>
        ${acceptFieldset(v.accept, view.errors)}
        <div class="row">
          <button type="submit" name="action" value="save"${view.canRun ? '' : html` class="primary"`}>Save</button>
          ${view.canRun ? html`<button type="submit" name="action" value="run" class="primary">Save and run</button>` : ''}
          <a class="button" href="${UI}/comparisons">Cancel</a>
        </div>
      </form>`,
  );
}
