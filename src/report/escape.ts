/**
 * Making untrusted text safe to place in GitHub markdown: data values, column names, comparison
 * names, error messages. Every such text goes through `inlineText` (or `cellValue` for a data value),
 * which redacts secrets, cuts long text, neutralises @mentions and #refs (so a report never pings a
 * person or links an issue) and turns every character markdown or HTML would interpret into an
 * entity. Pure: strings in, strings out.
 */
import { redact } from '../shared/redact.js';
import type { ReportedValue } from '../engine/model.js';
import { renderView, valueDiff, type ValueView } from './value-diff.js';

/** A zero-width space, written as an entity so a reviewer of the markdown can see it. */
const BREAK = '&#8203;';
const ELLIPSIS = '…';

/** Default cut for a data value in a table cell, in characters (code points). */
export const MAX_VALUE_CHARS = 120;
/** Default cut for a sentence (reason, error message). */
export const MAX_TEXT_CHARS = 1_000;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '|': '&#124;',
  '`': '&#96;',
  '\\': '&#92;',
  '*': '&#42;',
  _: '&#95;',
  '[': '&#91;',
  ']': '&#93;',
  '~': '&#126;',
  $: '&#36;',
};

const VISIBLE_CONTROL: Record<string, string> = { '\n': '↵', '\r': '␍', '\t': '⇥' };

/** `text` cut to `max` code points, ending in `…` when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS;
}

/**
 * Untrusted text as inline markdown that renders literally: redacted, cut to `max` characters,
 * newlines and tabs shown as ↵ ⇥ (a report must show that two values differ by a newline), other
 * control characters dropped, markdown/HTML punctuation as entities, @mentions and #refs broken.
 */
export function inlineText(text: string, max: number = MAX_TEXT_CHARS): string {
  return escapeMarkdown(truncate(redact(text), max));
}

/** Text already redacted and cut, escaped for inline markdown (see inlineText). */
function escapeMarkdown(text: string): string {
  const chars = Array.from(text);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
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
    } else if (ch === '#') {
      out += '&#35;';
    } else {
      out += ENTITIES[ch] ?? ch;
    }
  }
  return out.replace(/:\/\//g, `:/${BREAK}/`).replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}${BREAK}.`); // no autolinks from data
}

/**
 * A data value for a table cell: NULL is shown as *NULL*, and strings that would look like something
 * else (empty, surrounding spaces, the word NULL) are quoted so two different values never render alike.
 */
export function cellValue(value: ReportedValue | undefined, max: number = MAX_VALUE_CHARS): string {
  if (value === undefined) return '';
  if (value === null) return '*NULL*';
  if (typeof value !== 'string') return inlineText(String(value), max);
  return ambiguous(value) ? `"${inlineText(value, max)}"` : inlineText(value, max);
}

/** Text that would read as something else unquoted: empty, surrounding spaces, NULL, "unchanged", already quoted. */
export function ambiguous(text: string): boolean {
  return text === '' || text.trim() !== text || /^(null|unchanged|"[\s\S]*")$/i.test(text);
}

/** How an unchanged value of a changed row is shown (never confused with NULL or an empty text). */
export const UNCHANGED_CELL = '*unchanged*';

/** A view as markdown: escaped, the differing span in `<mark>`, quoted when the whole value is ambiguous. */
function markedView(v: ValueView, quote: boolean): string {
  const body = renderView(v, (p) => (p.changed ? `<mark><b>${escapeMarkdown(p.text)}</b></mark>` : escapeMarkdown(p.text)));
  return quote ? `"${body}"` : body;
}

/**
 * A changed value as `source → target` for a table cell: long values cut around their first
 * difference on both sides, the differing characters in `<mark>` (GitHub renders it highlighted).
 */
export function changedCell(source: ReportedValue | undefined, target: ReportedValue | undefined, max: number = MAX_VALUE_CHARS): string {
  if (source === undefined || target === undefined || source === null || target === null) return `${cellValue(source, max)} → ${cellValue(target, max)}`;
  const a = redact(String(source));
  const b = redact(String(target));
  const d = valueDiff(a, b, max);
  const quote = (v: ReportedValue, text: string) => typeof v === 'string' && ambiguous(text);
  return `${markedView(d.source, quote(source, a))} → ${markedView(d.target, quote(target, b))}`;
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
