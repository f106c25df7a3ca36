/**
 * The comparison form's "Count as equal" fieldset: one checkbox per kind of difference a comparison
 * may accept (configuration.accept; engine/value-patterns.ts), each named as the reports name it
 * (report/patterns.ts) with a short description, and the contract's error for a kind it does not
 * know next to them. Pure.
 */
import { html } from 'hono/html';
import { ACCEPTABLE_KINDS } from '../../../engine/value-patterns.js';
import { patternName } from '../../../report/patterns.js';
import type { FieldErrors } from '../api-bridge.js';
import type { Html } from '../format.js';

/** The contract's path of the field (its errors come back as `configuration.accept.<index>`). */
export const ACCEPT_FIELD = 'configuration.accept';

type AcceptableKind = (typeof ACCEPTABLE_KINDS)[number];

/** What each kind means, in a line (the rules are in engine/value-patterns.ts). */
export const ACCEPT_DESCRIPTIONS: Record<AcceptableKind, string> = {
  null_vs_empty: 'NULL on one side, empty text on the other.',
  null: 'NULL on one side, a value on the other.',
  case: 'The same text in other letter case (with case-sensitive text).',
  whitespace: 'The same text with other spaces, tabs or line breaks.',
  leading_zeros: 'The same number written with leading zeros (00042 and 42).',
  encoding: 'The same text decoded with the wrong character set (Ã© for é), or characters lost to ?.',
  truncated_text: 'One text is the start of the other.',
  sign: 'The same number with the other sign.',
  scale: 'The same digits scaled by a power of ten (×100, ÷1000).',
  rounding: 'The same number rounded to fewer decimals.',
  time_shift: 'The same time shifted by a time-zone offset (+02:00).',
  time_precision: 'The same time with fewer fractional seconds.',
  boolean_spelling: 'The same truth value spelled otherwise (t, true, yes, 1).',
};

/**
 * The fieldset with `accept` ticked. A refused kind's error (`configuration.accept.1`: must be one
 * of …) is shown under it, naming the kind that was posted.
 */
export function acceptFieldset(accept: readonly string[], errors: FieldErrors): Html {
  const problems = Object.entries(errors)
    .filter(([name]) => name === ACCEPT_FIELD || name.startsWith(`${ACCEPT_FIELD}.`))
    .map(([name, message]) => {
      const posted = accept[Number(name.slice(ACCEPT_FIELD.length + 1))];
      return posted === undefined ? message : `“${posted}” is not a kind of difference that can count as equal: ${message}.`;
    });
  const on = new Set(accept);
  return html`<fieldset class="accept${problems.length ? ' invalid' : ''}" aria-describedby="help-accept${problems.length ? ' error-accept' : ''}">
    <legend>Count as equal</legend>
    <p class="help" id="help-accept">Differences of the ticked kinds count as equal: the rows still match and the job reports them as accepted, with their counts.</p>
    <div class="accept-kinds">${ACCEPTABLE_KINDS.map(
      (kind) => html`<div class="accept-kind"><label class="check"><input type="checkbox" name="accept" value="${kind}" id="accept-${kind}"${on.has(kind) ? html` checked` : ''} aria-describedby="accept-${kind}-help" /> ${patternName({ kind })}</label>
        <span class="help" id="accept-${kind}-help">${ACCEPT_DESCRIPTIONS[kind]}</span></div>`,
    )}</div>
    ${problems.length ? html`<p class="field-error" id="error-accept" role="alert">${problems.join(' ')}</p>` : ''}
  </fieldset>`;
}
