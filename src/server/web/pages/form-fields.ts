/** Form pieces shared by the web page's forms: a labelled field with its help and its error next to it. */
import { html } from 'hono/html';
import type { FieldErrors } from '../api-bridge.js';
import type { Html } from '../format.js';

/**
 * A field: label, control, help text and the field's error (linked to the control by its id,
 * `field-<name>`, so screen readers announce it). `name` is the contract's field path.
 */
export function field(name: string, label: string, errors: FieldErrors, control: Html, help?: string): Html {
  const error = errors[name];
  const id = `field-${name}`;
  return html`<div class="field${error ? ' invalid' : ''}">
    <label for="${id}">${label}</label>
    ${control}
    ${help ? html`<p class="help" id="help-${name}">${help}</p>` : ''}
    ${error ? html`<p class="field-error" id="error-${name}" role="alert">${error}</p>` : ''}
  </div>`;
}

/** The form's own problem, and the errors no field shows (a 409, a rule across fields). */
export function formProblem(problem: string | undefined, errors: FieldErrors, shownFields: readonly string[] = []): Html {
  const unplaced = Object.entries(errors).filter(([name]) => name === '' || (shownFields.length > 0 && !shownFields.includes(name)));
  if (!problem && unplaced.length === 0) return html``;
  return html`<div class="notice bad" role="alert">
    ${problem ? html`<p>${problem}</p>` : ''}
    ${unplaced.length ? html`<ul>${unplaced.map(([name, message]) => html`<li>${name ? html`<code>${name}</code>: ` : ''}${message}</li>`)}</ul>` : ''}
  </div>`;
}
