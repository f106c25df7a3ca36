/**
 * Making untrusted text safe to place in GitHub markdown: data values, column names, comparison
 * names, error messages. Every such text goes through `inlineText` (or `cellValue` for a data value),
 * which redacts secrets, cuts long text, neutralises @mentions and #refs (so a report never pings a
 * person or links an issue) and turns every character markdown or HTML would interpret into an
 * entity. Pure: strings in, strings out.
 */
import { redact } from '../shared/redact.js';
import type { ReportedValue } from '../engine/model.js';
import { thousands } from '../shared/thousands.js';
import { advance } from '../shared/characters.js';
import { renderView, valueDiff, valueView, type ValueView, type WholeValue } from './value-diff.js';

/** A zero-width space, written as an entity so a reviewer of the markdown can see it. */
const BREAK = '&#8203;';
const ELLIPSIS = '…';

/** Default cut for a data value in a table cell, in characters (code points). */
export const MAX_VALUE_CHARS = 120;
/** Default cut for a sentence (reason, error message). */
export const MAX_TEXT_CHARS = 1_000;

/** Characters markdown (or GitHub's extensions) would interpret anywhere in a line: backslash-escaped. */
const ALWAYS_ESCAPED = new Set(['\\', '`', '*', '[', ']', '<', '>', '|', '~', '$']);

const VISIBLE_CONTROL: Record<string, string> = { '\n': '↵', '\r': '␍', '\t': '⇥' };

/** `text` cut to `max` code points, ending in `…` when cut (only the kept part is copied). */
export function truncate(text: string, max: number): string {
  if (text.length <= max || advance(text, 0, max) === text.length) return text;
  return text.slice(0, advance(text, 0, Math.max(0, max - 1))) + ELLIPSIS;
}

/**
 * Untrusted text as inline markdown that renders literally: redacted, cut to `max` characters,
 * newlines and tabs shown as ↵ ⇥ (a report must show that two values differ by a newline), other
 * control characters dropped, markdown/HTML punctuation as entities, @mentions and #refs broken.
 */
export function inlineText(text: string, max: number = MAX_TEXT_CHARS): string {
  return escapeMarkdown(truncate(redact(text), max));
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Text already redacted and cut, escaped for inline markdown: a backslash before what markdown would
 * interpret (so the raw file stays readable: `created_at`, `a \| b`, `\*\*`), an `_` only where it
 * could start or end emphasis, a list or heading marker only at the start; @mentions, #refs and
 * autolinks broken by a visible zero-width-space entity.
 */
function escapeMarkdown(text: string, lineStart = true): string {
  const chars = Array.from(text);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const prev = chars[i - 1] ?? '';
    const next = chars[i + 1] ?? '';
    const visible = VISIBLE_CONTROL[ch];
    if (visible !== undefined) {
      out += visible;
    } else if (ch < ' ' || ch === '\u007f') {
      out += '';
    } else if (ch === '@' && /[A-Za-z0-9]/.test(next)) {
      out += '@' + BREAK; // @someone, @org/team
    } else if (ch === '#' && /[0-9]/.test(next)) {
      out += '#' + BREAK; // #123, owner/repo#123
    } else if (ALWAYS_ESCAPED.has(ch)) {
      out += `\\${ch}`;
    } else if (ch === '_' && !(WORD.test(prev) && WORD.test(next))) {
      out += '\\_'; // created_at is safe as it is; _x_ is emphasis
    } else if (ch === '&' && /[#A-Za-z]/.test(next)) {
      out += '\\&'; // &amp; would be read as an entity
    } else if (lineStart && i === 0 && (ch === '#' || ch === '-' || ch === '+') && (next === ' ' || next === '')) {
      out += `\\${ch}`; // "- x", "# x" starting a text (a list item) would be a list or a heading
    } else if (lineStart && (ch === '.' || ch === ')') && (next === ' ' || next === '') && /^\d{1,9}$/.test(chars.slice(0, i).join(''))) {
      out += `\\${ch}`; // "1. x" starting a text is an ordered list
    } else {
      out += ch;
    }
  }
  return out.replace(/:\/\//g, `:/${BREAK}/`).replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}${BREAK}.`); // no autolinks from data
}

/**
 * Untrusted text as a code span (column and table names): redacted, cut, control characters shown,
 * fenced by more backticks than it contains. Nothing inside a code span is markdown, HTML, a mention
 * or a link; only a `|` must be escaped inside a table (GFM splits cells first).
 */
export function codeSpan(text: string, options: { table?: boolean; max?: number } = {}): string {
  let body = Array.from(truncate(redact(text), options.max ?? 100))
    .map((ch) => VISIBLE_CONTROL[ch] ?? (ch < ' ' || ch === '\u007f' ? '' : ch))
    .join('');
  if (body === '') return '""';
  if (options.table) body = body.replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = body.startsWith('`') || body.endsWith('`') || (body.startsWith(' ') && body.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * A sentence from the engine or the service (a reason, a column's details): its `code` parts become
 * code spans, the rest is escaped text. Redacted and cut first.
 */
export function sentenceText(text: string, max: number = MAX_TEXT_CHARS, options: { table?: boolean } = {}): string {
  const whole = truncate(redact(text), max);
  let out = '';
  let last = 0;
  for (const match of whole.matchAll(/`([^`\n]+)`/g)) {
    out += escapeMarkdown(whole.slice(last, match.index));
    out += codeSpan(match[1] as string, { max, ...options });
    last = match.index + match[0].length;
  }
  return out + escapeMarkdown(whole.slice(last));
}

/** Untrusted text inside raw HTML (a `<summary>` line, where markdown is not read): entities, mentions broken. */
export function htmlText(text: string, max: number = 100): string {
  const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
  return truncate(redact(text), max)
    .replace(/[\u0000-\u001f\u007f\u200b]/g, ' ')
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200b')
    .replace(/#(?=[0-9])/g, '#\u200b')
    .replace(/:\/\//g, ':/\u200b/')
    .replace(/[&<>"']/g, (ch) => ENTITY[ch] ?? ch)
    .replace(/\u200b/g, BREAK);
}

/**
 * A data value for a table cell: NULL is shown as *NULL*, and strings that would look like something
 * else (empty, surrounding spaces, the word NULL) are quoted so two different values never render alike.
 */
export function cellValue(value: ReportedValue | undefined, max: number = MAX_VALUE_CHARS, whole?: WholeValue): string {
  if (value === undefined) return '';
  if (value === null) return '*NULL*';
  if (typeof value !== 'string') return inlineText(String(value), max);
  if (whole) return markedView(valueView(redact(value), max, whole), false) + wholeLength(whole);
  return ambiguous(value) ? `"${inlineText(value, max)}"` : inlineText(value, max);
}

/** After a value kept only in part: the whole value's length (` <sub>30,000,000 characters</sub>`). */
function wholeLength(whole: WholeValue | undefined): string {
  return whole ? ` <sub>${thousands(whole.length)} characters</sub>` : '';
}

/** Text that would read as something else unquoted: empty, surrounding spaces, NULL, "unchanged", already quoted. */
export function ambiguous(text: string): boolean {
  return text === '' || text.trim() !== text || /^(null|unchanged|"[\s\S]*")$/i.test(text);
}

/** How an unchanged value of a changed row is shown (never confused with NULL or an empty text). */
export const UNCHANGED_CELL = '*unchanged*';

/** A view as markdown: escaped, the differing span in `<mark>`, quoted when the whole value is ambiguous. */
function markedView(v: ValueView, quote: boolean): string {
  // (a table cell: no list or heading can start here, and a part's end is not the text's end)
  const body = renderView(v, (p) => (p.changed ? `<mark><b>${escapeMarkdown(p.text, false)}</b></mark>` : escapeMarkdown(p.text, false)));
  return quote ? `"${body}"` : body;
}

/**
 * A changed value as `source → target` for a table cell: long values cut around their first
 * difference on both sides, the differing characters in `<mark>` (GitHub renders it highlighted).
 */
export function changedCell(
  source: ReportedValue | undefined,
  target: ReportedValue | undefined,
  max: number = MAX_VALUE_CHARS,
  whole: { source?: WholeValue; target?: WholeValue } = {},
): string {
  if (source === undefined || target === undefined || source === null || target === null) return `${cellValue(source, max, whole.source)} → ${cellValue(target, max, whole.target)}`;
  const a = redact(String(source));
  const b = redact(String(target));
  const d = valueDiff(a, b, max, whole);
  const quote = (v: ReportedValue, text: string, cut: WholeValue | undefined) => typeof v === 'string' && cut === undefined && ambiguous(text);
  return `${markedView(d.source, quote(source, a, whole.source))}${wholeLength(whole.source)} → ${markedView(d.target, quote(target, b, whole.target))}${wholeLength(whole.target)}`;
}

/** A name (comparison, column) in bold-free inline text, cut shorter than values. */
export function nameText(name: string): string {
  return inlineText(name, 100);
}

/** Text for a mermaid label (inside double quotes): only letters, digits, spaces and simple punctuation. */
export function mermaidLabel(text: string): string {
  return truncate(redact(text), 60).replace(/[^\p{L}\p{N} ._()/-]/gu, ' ');
}

/** A link target we are willing to render: http(s) only, no characters that could end the markdown link. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(redact(url));
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/[()<> "'`|[\]]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Plain text for an annotation or log line (no markdown there): redacted, control characters shown, cut. */
export function plainText(text: string, max: number): string {
  const flat = redact(text).replace(/\r\n|\r|\n/g, ' ↵ ').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return truncate(flat, max);
}
