/** Data sources › Add data source: name, type and one way to connect, with "Test connection" answering in place. */
import { html } from 'hono/html';
import { DATA_SOURCE_TYPES } from '../../../api/contract.js';
import type { FieldErrors } from '../api-bridge.js';
import type { Html } from '../format.js';
import { csrfField, page, UI, type Viewer } from '../layout.js';
import { field, formProblem } from './form-fields.js';

export type ConnectionKind = 'url' | 'url_env' | 'path';

export interface SourceFormValues {
  name: string;
  type: string;
  kind: ConnectionKind;
  url: string;
  url_env: string;
  path: string;
}

export const EMPTY_SOURCE_FORM: SourceFormValues = { name: '', type: 'postgres', kind: 'url', url: '', url_env: '', path: '' };

/** What "Test connection" found: the database and its tables, or why it could not connect. */
export type ConnectionTest = { ok: true; version: string; tables: number | undefined } | { ok: false; message: string };

export interface SourceFormView {
  viewer: Viewer;
  values: SourceFormValues;
  errors: FieldErrors;
  problem?: string;
  test?: ConnectionTest;
}

const KIND_LABELS: Record<ConnectionKind, string> = {
  url: 'Connection URL',
  url_env: 'Environment variable of the server',
  path: 'SQLite file on the server',
};

function testResult(test: ConnectionTest | undefined): Html {
  if (!test) return html``;
  if (test.ok) {
    const tables = test.tables === undefined ? '' : ` · ${test.tables} table${test.tables === 1 ? '' : 's'} or views`;
    return html`<div class="notice good" role="status" id="test-result"><strong>Connected:</strong> ${test.version}${tables}. Nothing was saved yet.</div>`;
  }
  return html`<div class="notice bad" role="alert" id="test-result"><strong>Could not connect.</strong> ${test.message}</div>`;
}

export function sourceFormPage(view: SourceFormView): Html {
  const v = view.values;
  const radio = (kind: ConnectionKind) =>
    html`<label class="check"><input type="radio" name="kind" value="${kind}"${v.kind === kind ? html` checked` : ''} /> ${KIND_LABELS[kind]}</label>`;
  return page(
    { title: 'Add data source', section: 'sources', viewer: view.viewer },
    html`<h1>Add data source</h1>
      ${formProblem(view.problem, view.errors, ['name', 'type', 'url', 'url_env', 'path'])}
      ${testResult(view.test)}
      <form method="post" action="${UI}/sources/new" class="form" novalidate>
        ${csrfField(view.viewer)}
        ${field('name', 'Name', view.errors, html`<input type="text" id="field-name" name="name" value="${v.name}" maxlength="200" required aria-describedby="help-name" />`, 'How comparisons and reports name it, e.g. "warehouse".')}
        ${field('type', 'Type', view.errors, html`<select id="field-type" name="type">${DATA_SOURCE_TYPES.map((t) => html`<option value="${t}"${t === v.type ? html` selected` : ''}>${t}</option>`)}</select>`)}
        <fieldset>
          <legend>How the server connects</legend>
          ${radio('url')} ${radio('url_env')} ${radio('path')}
          ${field('url', 'Connection URL', view.errors, html`<input type="password" id="field-url" name="url" value="${v.url}" autocomplete="off" spellcheck="false" aria-describedby="help-url" />`, 'postgres://user:password@host:5432/db?sslmode=require, or mysql://…. Stored encrypted; never shown again.')}
          ${field('url_env', 'Environment variable name', view.errors, html`<input type="text" id="field-url_env" name="url_env" value="${v.url_env}" spellcheck="false" aria-describedby="help-url_env" />`, 'A variable of the server holding the URL; only names the operator allows for this workspace.')}
          ${field('path', 'SQLite file path', view.errors, html`<input type="text" id="field-path" name="path" value="${v.path}" spellcheck="false" aria-describedby="help-path" />`, "A file under the folders the operator allows for this workspace.")}
        </fieldset>
        <div class="row">
          <button type="submit" name="action" value="test">Test connection</button>
          <button type="submit" name="action" value="save" class="primary">Save</button>
          <a class="button" href="${UI}/sources">Cancel</a>
        </div>
      </form>`,
  );
}
