/** The job summary for a spec file that could not be loaded: every problem with its place and fix. Pure. */
import type { SpecError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { codeSpan, sentenceText } from './escape.js';

export function renderSpecErrorSummary(error: SpecError, specFile: string): string {
  const rows = error.problems.map((p) => {
    const where = p.line > 0 ? `line ${p.line}${p.column > 0 ? `, column ${p.column}` : ''}` : '–';
    const fix = p.hint ? sentenceText(p.hint, 500, { table: true }) : '';
    return `| ${where} | ${p.path ? codeSpan(p.path, { table: true, max: 200 }) : '(file)'} | ${sentenceText(p.message, 1_000, { table: true })} | ${fix} |`;
  });
  const count = error.problems.length;
  return (
    redact(
      [
        '## datacompare: error',
        '',
        `💥 **The spec file ${codeSpan(specFile, { max: 300 })} is invalid** (${count === 1 ? '1 problem' : `${count} problems`}); nothing was compared.`,
        '',
        '| Where | Field | Problem | What to do |',
        '| --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    ) + '\n'
  );
}
