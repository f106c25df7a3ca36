/**
 * The job page's Why cell and the comparison form's "Count as equal" (issue #44): kinds named as the
 * reports name them, with their counts, accepted kinds apart, an example row per kind in a <details>,
 * every value escaped; the kinds to accept read from a form, written into the API's body and read back.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnMismatch, DiffRow } from '../../../../src/engine/model.js';
import { ACCEPTABLE_KINDS } from '../../../../src/engine/value-patterns.js';
import { comparisonBody, comparisonToForm, emptyComparisonForm, formToComparison } from '../../../../src/server/web/comparison-values.js';
import { ACCEPT_DESCRIPTIONS, acceptFieldset } from '../../../../src/server/web/pages/accept-fieldset.js';
import { exampleIndexes, whyCell } from '../../../../src/server/web/pages/job-why.js';
import type { ComparisonRecord } from '../../../../src/server/storage/store.js';

const EVIL = '<img src=x onerror=alert(1)>';
/** The HTML with the template's line breaks and indents gone, to read and pin. */
const flat = (html: unknown) => String(html).replace(/\n\s*/g, '');

const rows = new Map<number, DiffRow>([
  [0, { _diff_type: 'changed', id: 1, source_amount: '1.3400', target_amount: '134.0000' }],
  [6, { _diff_type: 'changed', id: 7, source_amount: '7.1250', target_amount: '7.1300', source_note: EVIL, target_note: `${EVIL} ` }],
  [9, { _diff_type: 'only_in_source', id: 10, amount: '10.34' }],
]);
const context = { examples: rows, keys: ['id'] };

describe('the job page says why a column differs', () => {
  it('lists the kinds with their counts, each with an example row openable in a <details>, accepted kinds apart', () => {
    const amount: ColumnMismatch = {
      mismatch_count: 10,
      details: '',
      patterns: [
        { kind: 'scale', rows: 6, detail: '×100', example: 0 },
        { kind: 'rounding', rows: 4, detail: 'to 2 decimals', example: 6 },
      ],
      accepted: [{ kind: 'whitespace', rows: 1_200 }],
      patterns_from: { rows: 12, of: 17 },
    };
    expect(flat(whyCell('amount', amount, context))).toMatchInlineSnapshot(
      `"<ul class="kinds"><li><details><summary>6 scaled ×100</summary><dl class="example"><dt class="mono">id <span class="muted">(key)</span></dt><dd><span class="cell short">1</span></dd><dt class="mono">amount</dt><dd class="changed"><span class="cell short">1<mark>.34</mark>00</span><span class="arrow" aria-label="changed to">→</span><span class="cell short">1<mark>34.00</mark>00</span></dd></dl></details></li><li><details><summary>4 rounding (to 2 decimals)</summary><dl class="example"><dt class="mono">id <span class="muted">(key)</span></dt><dd><span class="cell short">7</span></dd><dt class="mono">amount</dt><dd class="changed"><span class="cell short">7.1<mark>25</mark>0</span><span class="arrow" aria-label="changed to">→</span><span class="cell short">7.1<mark>30</mark>0</span></dd></dl></details></li></ul><div class="accepted"><span class="tag">accepted:</span><ul class="kinds"><li>1,200 whitespace</li></ul></div><p class="muted small from">from 12 of 17 rows</p>"`,
    );
  });

  it('escapes the values of an example, and names a kind without a usable example as plain text', () => {
    const note: ColumnMismatch = {
      mismatch_count: 3,
      details: '',
      patterns: [
        { kind: 'whitespace', rows: 1, example: 6 },
        { kind: 'other', rows: 1, example: 9 }, // a row on one side only holds no pair
        { kind: 'case', rows: 1, example: 42 }, // a row the page did not read
        { kind: EVIL, rows: 1, detail: EVIL },
      ],
    };
    const html = flat(whyCell('note', note, context));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<details>/g)).toHaveLength(1);
    expect(html).toContain('<li>1 other</li><li>1 letter case</li>');
    expect(html).toContain('<li>1 &lt;img src=x onerror=alert(1)&gt; (&lt;img src=x onerror=alert(1)&gt;)</li>');
  });

  it('says nothing for a column without kinds (a job from before they were counted)', () => {
    expect(flat(whyCell('amount', { mismatch_count: 3, details: '' }, context))).toBe('');
    expect(flat(whyCell('amount', { mismatch_count: 3, details: '', patterns: [], accepted: [] }, context))).toBe('');
  });

  it('reads each example row once, in order, valid indexes only, at most the limit', () => {
    const diff = {
      mismatched_columns_mapping: {
        a: { mismatch_count: 1, details: '', patterns: [{ kind: 'case', rows: 1, example: 7 }, { kind: 'other', rows: 1, example: 2 }, { kind: 'null', rows: 1 }] },
        b: { mismatch_count: 1, details: '', patterns: [{ kind: 'sign', rows: 1, example: 7 }, { kind: 'scale', rows: 1, example: -1 }, { kind: 'rounding', rows: 1, example: 1.5 }], accepted: [{ kind: 'whitespace', rows: 1, example: 0 }] },
      },
    };
    expect(exampleIndexes(diff)).toEqual([0, 2, 7]);
    expect(exampleIndexes(diff, 2)).toEqual([0, 2]);
  });
});

describe('the comparison form counts kinds as equal', () => {
  it('offers every acceptable kind, ticked as saved, each described', () => {
    const html = flat(acceptFieldset(['whitespace', 'time_precision'], {}));
    expect(html.match(/type="checkbox"/g)).toHaveLength(ACCEPTABLE_KINDS.length);
    expect(Object.keys(ACCEPT_DESCRIPTIONS)).toEqual([...ACCEPTABLE_KINDS]);
    expect(html.match(/ checked/g)).toHaveLength(2);
    expect(html).toContain('<input type="checkbox" name="accept" value="whitespace" id="accept-whitespace" checked aria-describedby="accept-whitespace-help" /> whitespace</label>');
    expect(html).toContain('<legend>Count as equal</legend>');
    expect(html).not.toContain('field-error');
  });

  it('names the posted kind the API refused, escaped, next to the fieldset', () => {
    const html = flat(acceptFieldset(['whitespace', EVIL], { 'configuration.accept.1': 'must be one of null_vs_empty, null' }));
    expect(html).toContain('<fieldset class="accept invalid" aria-describedby="help-accept error-accept">');
    expect(html).toContain(
      '<p class="field-error" id="error-accept" role="alert">“&lt;img src=x onerror=alert(1)&gt;” is not a kind of difference that can count as equal: must be one of null_vs_empty, null.</p>',
    );
  });

  it('reads the ticked kinds from the form, writes them as configuration.accept (none: no accept), and reads them back', () => {
    const values = formToComparison({ name: 'x', accept: ['whitespace', 'rounding', 'whitespace'] });
    expect(values.accept).toEqual(['whitespace', 'rounding']);
    expect((comparisonBody(values).configuration as Record<string, unknown>).accept).toEqual(['whitespace', 'rounding']);
    expect(formToComparison({ name: 'x', accept: 'case' }).accept).toEqual(['case']);
    expect(comparisonBody(emptyComparisonForm()).configuration).not.toHaveProperty('accept');
    const record = { name: 'x', source_datasource_id: 's', target_datasource_id: 't', source_dataset_name: 'a', target_dataset_name: 'b', configuration: { accept: ['time_precision'] } } as unknown as ComparisonRecord;
    expect(comparisonToForm(record).accept).toEqual(['time_precision']);
    expect(comparisonToForm({ ...record, configuration: {} }).accept).toEqual([]);
  });
});
