/**
 * How the web page shows numbers, times and values. Pure; every text goes through hono/html's
 * escaping when it is put into a page (values from users' databases are hostile input).
 */
import { html } from 'hono/html';
import { ambiguous, truncate } from '../../report/escape.js';
import { valueDiff, valueView, type ValueView, type WholeValue } from '../../report/value-diff.js';
import { thousands } from '../../shared/thousands.js';

export type Html = ReturnType<typeof html>;

export function count(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : thousands(n);
}

/** "2026-11-25 00:03:21 UTC". */
export function exactTime(iso: string): string {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "just now", "42 s ago", "3 min ago", "5 h ago", "4 days ago", or the date beyond 30 days. */
export function relativeTime(iso: string, now: Date): string {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (Number.isNaN(seconds)) return iso;
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const text =
    s < 5 ? 'just now' : s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min` : s < 86_400 ? `${Math.floor(s / 3600)} h` : s < 30 * 86_400 ? `${Math.floor(s / 86_400)} days` : '';
  if (text === 'just now') return text;
  if (text === '') return exactTime(iso).slice(0, 10);
  return future ? `in ${text}` : `${text} ago`;
}

/** A <time> with the relative time shown and the exact time on hover. */
export function timeTag(iso: string | null | undefined, now: Date): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  return html`<time datetime="${iso}" title="${exactTime(iso)}">${relativeTime(iso, now)}</time>`;
}

/** "0.4 s", "12 s", "3 min 4 s". */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

const SHOWN_CHARACTERS = 160;
/** Characters of a long value put in its `title` (shown on hover). */
const TITLE_CHARACTERS = 2000;

/**
 * A value from a compared row: NULL marked as such, long texts cut (the start, up to 2,000 characters,
 * on hover). `whole`: the value is a part of a longer one (a diff row keeps at most 64 Ki characters),
 * and its whole length is shown.
 */
export function value(v: unknown, whole?: WholeValue): Html {
  if (v === null || v === undefined) return html`<span class="null">NULL</span>`;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  if (whole) return markedView(valueView(text, SHOWN_CHARACTERS, whole), text, false, true);
  // An empty text, surrounding spaces or the text NULL are quoted: never shown like NULL or "unchanged".
  if (typeof v === 'string' && ambiguous(v)) return html`<span class="cell${v.length <= 24 ? ' short' : ''}" title="${v.length > SHOWN_CHARACTERS ? v.slice(0, TITLE_CHARACTERS) : ''}"><span class="muted">"</span>${truncate(v, SHOWN_CHARACTERS)}<span class="muted">"</span></span>`;
  if (text.length <= 24) return html`<span class="cell short">${text}</span>`;
  if (text.length <= SHOWN_CHARACTERS) return html`<span class="cell">${text}</span>`;
  return markedView(valueView(text, SHOWN_CHARACTERS), text, false);
}

/** A view in a cell; its whole length is said after a cut end, and always for a part of a longer value (`partOf`). */
function markedView(v: ValueView, text: string, short: boolean, partOf = false): Html {
  const parts = v.parts.map((p) => (p.changed ? html`<mark>${p.text}</mark>` : html`${p.text}`));
  const cut = v.cutStart || v.cutEnd;
  const title = cut ? text.slice(0, TITLE_CHARACTERS) : undefined;
  const cls = short && !cut ? 'cell short' : 'cell';
  return html`<span class="${cls}"${title === undefined ? '' : html` title="${title}"`}>${v.cutStart ? '…' : ''}${parts}${v.cutEnd ? '…' : ''}${v.cutEnd || partOf ? html` <span class="muted">(${count(v.length)} characters)</span>` : ''}</span>`;
}

/**
 * A changed value, source → target: both cut around their first difference (the same cut on both
 * sides, so a long text that differs at its end shows its end), the differing characters in <mark>.
 */
export function changedValues(source: unknown, target: unknown, sourceWhole?: WholeValue, targetWhole?: WholeValue): { source: Html; target: Html } {
  if (source === null || source === undefined || target === null || target === undefined) return { source: value(source, sourceWhole), target: value(target, targetWhole) };
  const a = typeof source === 'string' ? source : JSON.stringify(source);
  const b = typeof target === 'string' ? target : JSON.stringify(target);
  const d = valueDiff(a, b, SHOWN_CHARACTERS, { ...(sourceWhole ? { source: sourceWhole } : {}), ...(targetWhole ? { target: targetWhole } : {}) });
  const short = a.length <= 24 && b.length <= 24;
  return { source: markedView(d.source, a, short, sourceWhole !== undefined), target: markedView(d.target, b, short, targetWhole !== undefined) };
}

/** A sentence from the engine (a reason): its `code` parts as <code>, everything escaped. */
export function sentence(text: string): Html {
  const parts: Html[] = [];
  let last = 0;
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    parts.push(html`${text.slice(last, match.index)}<code>${match[1]}</code>`);
    last = match.index + match[0].length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}

/** A status as a coloured badge (the class comes from a fixed list, never from the text). */
export function badge(status: string | null | undefined): Html {
  const text = status ?? 'unknown';
  const known = ['success', 'failure', 'started', 'pending', 'revoked', 'match', 'mismatch', 'connected', 'unreachable', 'complete', 'partial', 'failed', 'enabled', 'disabled', 'expired', 'running'];
  const kind = known.includes(text.toLowerCase()) ? text.toLowerCase() : 'plain';
  return html`<span class="badge b-${kind}">${text}</span>`;
}
