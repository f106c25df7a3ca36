/**
 * The dbt part of the summary and the PR comment: one row per model the pull request changed (why it
 * was compared, where its key came from, rows production → PR, what moved), mismatches first, then
 * the new, removed and excluded models in one short section. Pure.
 */
import type { ComparisonResult, RunResult } from '../engine/model.js';
import { inlineText, nameText, sentenceText } from './escape.js';
import { byImportance, count, countsOnly, differingRows, plural, STATUS_ICON } from './format.js';

const KEY_SOURCE_LABEL: Record<string, string> = {
  override: 'spec override',
  meta: 'meta.datacompare',
  constraint: 'primary_key constraint',
  unique_key: 'unique_key',
  unique_test: 'unique test',
  unique_combination: 'unique_combination_of_columns',
  none: 'none (counts and profiles)',
};

/** "4 → 5 (+1, +25.0%)". */
export function rowsChange(c: ComparisonResult): string {
  const s = c.stats;
  if (!s) return '–';
  const delta = s.target_rows - s.source_rows;
  const pct = s.source_rows === 0 ? (delta === 0 ? '0%' : 'new rows') : `${delta >= 0 ? '+' : ''}${((delta / s.source_rows) * 100).toFixed(1)}%`;
  return `${count(s.source_rows)} → ${count(s.target_rows)} (${delta >= 0 ? '+' : ''}${count(delta)}, ${pct})`;
}

/** "amount 25.0%, status 10.0%": the share of rows whose value changed, per column, largest first. */
export function columnShares(c: ComparisonResult, max = 4): string {
  const rows = Math.max(c.stats?.source_rows ?? 0, c.stats?.target_rows ?? 0, 1);
  const shares = Object.entries(c.diff?.mismatched_columns_mapping ?? {})
    .filter(([, v]) => v.mismatch_count > 0)
    .sort((a, b) => b[1].mismatch_count - a[1].mismatch_count)
    .map(([name, v]) => `${nameText(name)} ${((v.mismatch_count / rows) * 100).toFixed(1)}%`);
  return shares.length > max ? `${shares.slice(0, max).join(', ')} +${shares.length - max} more` : shares.join(', ');
}

function outcome(c: ComparisonResult): string {
  if (c.status === 'error') return `${STATUS_ICON.error} ${sentenceText(c.error?.message ?? 'error', 200, { table: true })}`;
  const schema = c.schema_diff ? c.schema_diff.only_in_source.length + c.schema_diff.only_in_target.length + c.schema_diff.type_mismatches.length : 0;
  const parts: string[] = [];
  if (!countsOnly(c)) {
    const s = c.stats;
    if (s && differingRows(c) > 0) parts.push(`${count(s.mismatched_rows)} changed, ${count(s.only_in_source)} removed, ${count(s.only_in_target)} added rows`);
  } else if (c.stats && c.stats.source_rows !== c.stats.target_rows) parts.push('row counts differ');
  if (schema > 0) parts.push(plural(schema, 'column change'));
  const shares = columnShares(c);
  if (shares) parts.push(`moved: ${shares}`);
  const profile = (c.profile ?? []).slice(0, 4).map((p) => `${nameText(p.column)} (${p.differs.join(', ')})`);
  if (profile.length > 0) parts.push(`profile differs: ${profile.join(', ')}${(c.profile?.length ?? 0) > 4 ? ' …' : ''}`);
  const keyless = c.dbt?.key_source === 'none';
  if (c.dbt?.downstream) {
    parts.push(c.status !== 'match' ? 'the change propagated' : keyless ? 'no change seen in counts or profiles' : 'the change did not reach it');
  }
  if (keyless) parts.push('no key: add one to compare row by row');
  return `${STATUS_ICON[c.status]} ${parts.join('; ') || 'no difference'}`;
}

/** The per-model table and the new/removed/excluded models; '' when the run has no dbt part. */
export function dbtSection(run: RunResult, options: { limit: number }): string {
  if (!run.dbt) return '';
  const models = byImportance(run.comparisons.filter((c) => c.dbt));
  const shown = models.slice(0, options.limit);
  const lines = [`#### dbt models (${run.dbt.select}): ${plural(models.length, 'model')} compared`, ''];
  if (shown.length > 0) {
    lines.push('| Model | Why | Key | Rows prod → PR | Result |', '|---|---|---|--:|---|');
    for (const c of shown) {
      const key = c.dbt!.key_source === 'none' ? KEY_SOURCE_LABEL.none : `${(c.diff?.primary_key_columns ?? []).map(nameText).join(', ')} (${KEY_SOURCE_LABEL[c.dbt!.key_source] ?? inlineText(c.dbt!.key_source)})`;
      lines.push(`| ${nameText(c.name)} | ${inlineText(c.dbt!.reason, 120)} | ${key} | ${rowsChange(c)} | ${outcome(c)} |`);
    }
    if (models.length > shown.length) lines.push('', `… and ${plural(models.length - shown.length, 'more model')} (all in the job summary and results.json).`);
  } else lines.push('The pull request changed no model that exists in production.');
  const list = (label: string, items: { name: string }[]) => {
    if (items.length === 0) return;
    const names = items.slice(0, 20).map((i) => nameText(i.name));
    lines.push('', `**${label}:** ${names.join(', ')}${items.length > 20 ? ` +${items.length - 20} more` : ''}`);
  };
  list('New models (no production relation to compare)', run.dbt.added);
  list('Removed models (dropped by this pull request)', run.dbt.removed);
  list('Excluded by dbt.exclude', run.dbt.excluded);
  return lines.join('\n');
}
