/**
 * Drift tracking, pure: the history a tracking issue keeps (the last 50 runs per comparison, in a
 * hidden block of its body), what changed since the last run (a comparison starts or stops
 * differing, gets worse, or fails), and the issue's body, comments and trend chart.
 *
 * The history lives in the issue itself: the next scheduled run reads it back with the same token
 * that writes it (no artifact retention, no extra secret, no repository writes), and it goes away
 * with the episode it describes. It is JSON in base64, so no value can end the HTML comment.
 */
import type { ComparisonStatus, RunResult } from '../engine/model.js';
import { inlineText, mermaidLabel, nameText, plainText, safeUrl, sentenceText } from './escape.js';
import { xyChartInit } from './chart-theme.js';
import { count, differingRows, STATUS_ICON } from './format.js';

export const HISTORY_LIMIT = 50;
/** GitHub's limit for an issue body or comment. */
export const ISSUE_BODY_LIMIT = 65_536;

/** One run of one comparison. */
export interface DriftEntry {
  /** When the run finished (ISO). */
  at: string;
  run?: string;
  status: ComparisonStatus;
  /** Differing rows: changed + only in source + only in target. */
  differing: number;
  onlyInSource: number;
  onlyInTarget: number;
}

export interface DriftHistory {
  version: 1;
  /** Per comparison, oldest first, at most HISTORY_LIMIT. */
  comparisons: Record<string, DriftEntry[]>;
}

export type DriftChange =
  | { kind: 'started'; comparison: string; entry: DriftEntry }
  | { kind: 'worse'; comparison: string; entry: DriftEntry; before: number }
  | { kind: 'recovered'; comparison: string; entry: DriftEntry }
  | { kind: 'failed'; comparison: string; entry: DriftEntry; message: string };

export function issueMarker(key: string): string {
  return `<!-- datacompare-drift: ${key.replace(/--+/g, '-').replace(/[<>]/g, '')} -->`;
}

const HISTORY_BLOCK = /<!-- datacompare-drift-history: ([A-Za-z0-9+/=]+) -->/;

/** The history kept in an issue body, or an empty one (none yet, or unreadable). */
export function parseHistory(body: string | null | undefined): DriftHistory {
  const found = HISTORY_BLOCK.exec(body ?? '');
  if (found?.[1]) {
    try {
      const parsed = JSON.parse(Buffer.from(found[1], 'base64').toString('utf8')) as DriftHistory;
      if (parsed?.version === 1 && parsed.comparisons && typeof parsed.comparisons === 'object') return parsed;
    } catch {
      // an edited or truncated block: start again rather than fail the run
    }
  }
  return { version: 1, comparisons: {} };
}

function historyBlock(history: DriftHistory): string {
  return `<!-- datacompare-drift-history: ${Buffer.from(JSON.stringify(history), 'utf8').toString('base64')} -->`;
}

/** This run's entry per comparison. */
export function runEntries(run: RunResult, runUrl: string | undefined): Map<string, DriftEntry> {
  const entries = new Map<string, DriftEntry>();
  for (const c of run.comparisons) {
    entries.set(c.name, {
      at: run.finished_at,
      ...(runUrl ? { run: runUrl } : {}),
      status: c.status,
      differing: c.status === 'error' ? 0 : differingRows(c),
      onlyInSource: c.stats?.only_in_source ?? 0,
      onlyInTarget: c.stats?.only_in_target ?? 0,
    });
  }
  return entries;
}

/** The history with this run appended (each comparison cut to the last HISTORY_LIMIT runs). */
export function appendRun(history: DriftHistory, entries: Map<string, DriftEntry>): DriftHistory {
  const comparisons: Record<string, DriftEntry[]> = {};
  for (const [name, list] of Object.entries(history.comparisons)) comparisons[name] = [...list];
  for (const [name, entry] of entries) comparisons[name] = [...(comparisons[name] ?? []), entry].slice(-HISTORY_LIMIT);
  return { version: 1, comparisons };
}

/**
 * What is news since the last run: a comparison that starts differing, differs on more rows than
 * before, is equal again, or fails (or fails differently). The same drift twice is no news.
 */
export function driftChanges(before: DriftHistory, entries: Map<string, DriftEntry>, run: RunResult): DriftChange[] {
  const changes: DriftChange[] = [];
  for (const [name, entry] of entries) {
    const last = before.comparisons[name]?.at(-1);
    const wasDrifting = last !== undefined && last.status !== 'match';
    if (entry.status === 'error') {
      const message = run.comparisons.find((c) => c.name === name)?.error?.message ?? 'the comparison failed';
      if (last?.status !== 'error') changes.push({ kind: 'failed', comparison: name, entry, message });
    } else if (entry.status === 'mismatch') {
      if (!wasDrifting || last?.status === 'error') changes.push({ kind: 'started', comparison: name, entry });
      else if (entry.differing > last.differing) changes.push({ kind: 'worse', comparison: name, entry, before: last.differing });
    } else if (wasDrifting) {
      changes.push({ kind: 'recovered', comparison: name, entry });
    }
  }
  return changes;
}

/** When the comparison's current run of non-matching results began, from its history (ISO), if it differs now. */
export function driftingSince(entries: readonly DriftEntry[]): string | undefined {
  if (entries.length === 0 || entries.at(-1)?.status === 'match') return undefined;
  let since = entries.at(-1)?.at;
  for (let i = entries.length - 1; i >= 0 && entries[i]?.status !== 'match'; i--) since = entries[i]?.at;
  return since;
}

/** A mermaid xychart of differing rows per run, one line per comparison that has differed (at most 6). */
export function trendChart(history: DriftHistory): string | undefined {
  const drifting = Object.entries(history.comparisons).filter(([, list]) => list.some((e) => e.status !== 'match')).slice(0, 6);
  if (drifting.length === 0) return undefined;
  const runs = Math.max(...drifting.map(([, list]) => list.length));
  if (runs < 2) return undefined;
  const max = Math.max(1, ...drifting.flatMap(([, list]) => list.map((e) => e.differing)));
  const lines = drifting.map(([name, list]) => {
    const padded = [...Array(runs - list.length).fill(0), ...list.map((e) => e.differing)];
    return `    line "${mermaidLabel(name)}" [${padded.join(', ')}]`;
  });
  const labels = Array.from({ length: runs }, (_, i) => (i === runs - 1 ? 'now' : String(i - (runs - 1))));
  return [
    '```mermaid',
    xyChartInit(),
    'xychart-beta',
    `    title "Differing rows per run${drifting.length > 1 ? ` (${drifting.map(([n]) => mermaidLabel(n)).join(', ')})` : ''}"`,
    `    x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
    `    y-axis "differing rows" 0 --> ${max}`,
    ...lines,
    '```',
  ].join('\n');
}

const day = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : '–');

/** The tracking issue's title. */
export function issueTitle(key: string): string {
  return `Data drift: ${key}`.slice(0, 200);
}

interface IssueBodyOptions {
  key: string;
  history: DriftHistory;
  runUrl?: string;
  previousIssue?: number;
  /** False for the last body, written as the issue is closed. */
  open: boolean;
}

/** The body: the current state of every comparison, since when it differs, the trend, and the hidden history. */
export function renderIssueBody(options: IssueBodyOptions): string {
  // Within GitHub's size: the oldest half of every history goes first, as often as needed.
  let history = options.history;
  let body = composeBody(options, history);
  while (body.length > ISSUE_BODY_LIMIT && Object.values(history.comparisons).some((list) => list.length > 1)) {
    history = { version: 1, comparisons: Object.fromEntries(Object.entries(history.comparisons).map(([n, l]) => [n, l.slice(Math.ceil(l.length / 2))])) };
    body = composeBody(options, history);
  }
  return body.length > ISSUE_BODY_LIMIT ? `${body.slice(0, ISSUE_BODY_LIMIT - 100)}\n\n… (cut to GitHub's size limit)\n` : body;
}

function composeBody(options: IssueBodyOptions, history: DriftHistory): string {
  const key = inlineText(options.key, 200);
  const link = safeUrl(options.runUrl);
  const lists = Object.entries(history.comparisons).filter(([, list]) => list.length > 0);
  const drifting = lists.filter(([, list]) => list.at(-1)?.status !== 'match').length;
  const lines = [
    issueMarker(options.key),
    options.open
      ? `**${drifting} of ${lists.length} comparisons differ** in \`${key}\`. Every scheduled run updates this issue; it is closed when the data is equal again.`
      : `The data of \`${key}\` is equal again.`,
  ];
  if (link) lines.push(`Latest run: [${link}](${link})`);
  if (options.previousIssue) lines.push(`Previous episode: #${options.previousIssue}`);
  lines.push('', '| Comparison | Status | Differing rows | Only in source | Only in target | Drifting since |', '|---|---|---:|---:|---:|---|');
  for (const [name, list] of lists) {
    const last = list.at(-1) as DriftEntry;
    const since = driftingSince(list);
    lines.push(`| ${STATUS_ICON[last.status]} ${nameText(name)} | ${last.status} | ${count(last.differing)} | ${count(last.onlyInSource)} | ${count(last.onlyInTarget)} | ${since ? day(since) : '–'} |`);
  }
  const chart = trendChart(history);
  if (chart) lines.push('', chart);
  lines.push('', historyBlock(history), '');
  return lines.join('\n');
}

/** The comment for a change of state (only posted when there is one). */
export function renderChangeComment(changes: readonly DriftChange[], runUrl: string | undefined): string {
  const link = safeUrl(runUrl);
  const lines = changes.map((change) => {
    const name = nameText(change.comparison);
    switch (change.kind) {
      case 'started':
        return `- ❌ **${name}** started differing: ${count(change.entry.differing)} differing rows.`;
      case 'worse':
        return `- ❌ **${name}** got worse: ${count(change.before)} → ${count(change.entry.differing)} differing rows.`;
      case 'recovered':
        return `- ✅ **${name}** is equal again.`;
      case 'failed':
        return `- 💥 **${name}** failed: ${sentenceText(change.message, 300)}`;
    }
  });
  return [...lines, '', link ? `Run: [${link}](${link})` : ''].join('\n').trim();
}

/** The closing comment. */
export function renderRecoveryComment(runUrl: string | undefined): string {
  const link = safeUrl(runUrl);
  return link ? `✅ Equal again at [${link}](${link}). Closing this issue.` : '✅ Equal again. Closing this issue.';
}

/** The job summary's drift section: the tracking issue and the trend. */
export function renderDriftSection(history: DriftHistory, issueUrl: string | undefined): string {
  const link = safeUrl(issueUrl);
  const since = Object.entries(history.comparisons)
    .map(([name, list]) => [name, driftingSince(list)] as const)
    .filter(([, at]) => at !== undefined)
    .map(([name, at]) => `- ${nameText(name)}: drifting since ${day(at)}`);
  return ['', '### Drift', link ? `Tracking issue: [${link}](${link})` : '', ...since, '', trendChart(history) ?? '', ''].join('\n');
}

/**
 * The alert for Slack and Microsoft Teams incoming webhooks: both take `{"text": …}`. Plain text with
 * `&`, `<`, `>` as entities (Slack's rule; Teams renders them alike), so no value can become a mention
 * (`<!channel>`, `<@U123>`) or a link.
 */
export function webhookMessage(changes: readonly DriftChange[], options: { key: string; runUrl?: string; issueUrl?: string }): { text: string } {
  const entity = (text: string) => plainText(text, 200).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = changes.map((change) => {
    const name = entity(change.comparison);
    switch (change.kind) {
      case 'started':
        return `❌ ${name} started differing: ${count(change.entry.differing)} differing rows`;
      case 'worse':
        return `❌ ${name} got worse: ${count(change.before)} → ${count(change.entry.differing)} differing rows`;
      case 'recovered':
        return `✅ ${name} is equal again`;
      case 'failed':
        return `💥 ${name} failed: ${entity(change.message)}`;
    }
  });
  const links = [options.issueUrl ? `Issue: ${safeUrl(options.issueUrl) ?? ''}` : '', options.runUrl ? `Run: ${safeUrl(options.runUrl) ?? ''}` : ''].filter(Boolean);
  return { text: [`datacompare — ${entity(options.key)}`, ...lines, ...links].join('\n') };
}
