/** The job summary for a spec file that could not be loaded: every problem with its place and fix. Pure. */
import type { SpecError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { inlineText } from './escape.js';

export function renderSpecErrorSummary(error: SpecError, specFile: string): string {
  const rows = error.problems.map((p) => {
    const where = p.line > 0 ? `line ${p.line}${p.column > 0 ? `, column ${p.column}` : ''}` : '–';
    const fix = p.hint ? inlineText(p.hint, 500) : '';
    return `| ${where} | ${inlineText(p.path || '(file)', 200)} | ${inlineText(p.message, 1_000)} | ${fix} |`;
  });
  const count = error.problems.length;
  return (
    redact(
      [
        '## datacompare: error',
        '',
        `💥 **The spec file ${inlineText(specFile, 300)} is invalid** (${count === 1 ? '1 problem' : `${count} problems`}); nothing was compared.`,
        '',
        '| Where | Field | Problem | What to do |',
        '| --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    ) + '\n'
  );
}
