/**
 * Long values in differing rows: a diff row keeps at most MAX_KEPT_CHARS characters of a value,
 * taken around the first difference between the two sides (the same window on both, so the kept
 * texts still line up), and says what it left out: the whole value's length and the SHA-256 of
 * its UTF-8, so two values stay provably equal or different and a reader can check a value of
 * their own against it. Only what is kept is cut: the comparison itself reads and compares the
 * whole values. Pure; lengths and positions count characters (code points), as the databases do.
 */
import { createHash } from 'node:crypto';
import { advance, characterCount, commonPrefix, pairStart } from '../shared/characters.js';
import type { CutValue, DiffDetails, DiffRow, ReportedValue } from './model.js';

/** The most characters of one value a diff row keeps (64 Ki). */
export const MAX_KEPT_CHARS = 65_536;
/** Characters kept before the first difference when the window cannot start at the value's start. */
const CONTEXT_BEFORE = 8_192;
/** Hashed a slice at a time, so a 200M-character value is never copied whole into a buffer. */
const HASH_SLICE = 1 << 20;

/** What a cut value left out (the row and field are the caller's). */
export type Cut = Omit<CutValue, 'row' | 'field'>;

/** The SHA-256 (hex) of a text's UTF-8. */
export function sha256Text(text: string): string {
  const hash = createHash('sha256');
  for (let at = 0; at < text.length; ) {
    const end = pairStart(text, Math.min(text.length, at + HASH_SLICE));
    hash.update(text.slice(at, end), 'utf8');
    at = end;
  }
  return hash.digest('hex');
}

/**
 * text[from, end) as a string of its own. V8 makes a slice of a long string a view into it: a kept
 * window of 64 Ki characters would hold the whole 30M-character value it was cut from for as long as
 * the row is kept. Copied through its UTF-16 code units, every one of them (a lone surrogate too) is kept.
 */
function detachedSlice(text: string, from: number, end: number): string {
  return Buffer.from(text.slice(from, end), 'utf16le').toString('utf16le');
}

/** text[from, from + MAX_KEPT_CHARS characters), and what was left out; undefined when nothing was. */
function window(text: string, from: number): { kept: string; cut: Cut } | undefined {
  if (from === 0 && text.length <= MAX_KEPT_CHARS) return undefined;
  const end = advance(text, from, MAX_KEPT_CHARS);
  if (from === 0 && end === text.length) return undefined;
  return { kept: detachedSlice(text, from, end), cut: { length: characterCount(text), start: characterCount(text, 0, from), sha256: sha256Text(text) } };
}

/** Where both sides' windows start: at 0 while the first difference is well inside the window, else a little before it. */
function windowStart(texts: readonly string[], difference: number): number {
  if (texts.every((text) => text.length <= MAX_KEPT_CHARS)) return 0;
  if (difference + CONTEXT_BEFORE <= MAX_KEPT_CHARS) return 0;
  return pairStart(texts[0]!, difference - CONTEXT_BEFORE);
}

/**
 * Both sides of a changed value, each cut to the same window around their first difference when
 * either is longer than MAX_KEPT_CHARS. A side gets a `cut` only when something of it was left out.
 */
export function cutPair(source: string, target: string): { source: string; target: string; sourceCut?: Cut; targetCut?: Cut } {
  const start = windowStart([source, target], commonPrefix(source, target));
  const a = window(source, start);
  const b = window(target, start);
  return {
    source: a?.kept ?? source,
    target: b?.kept ?? target,
    ...(a ? { sourceCut: a.cut } : {}),
    ...(b ? { targetCut: b.cut } : {}),
  };
}

/** One value with nothing to compare it to: its first MAX_KEPT_CHARS characters. */
export function cutSingle(text: string): { kept: string; cut?: Cut } {
  const w = window(text, 0);
  return w ? { kept: w.kept, cut: w.cut } : { kept: text };
}

/** A row's values cut (changed columns as pairs), with a `CutValue` for each value that lost characters. */
export function cutRow(row: DiffRow, index: number): { row: DiffRow; cuts: CutValue[] } {
  const cuts: CutValue[] = [];
  let out: DiffRow | undefined;
  const set = (field: string, kept: string, cut: Cut | undefined) => {
    if (!cut) return;
    out ??= { ...row };
    out[field] = kept;
    cuts.push({ row: index, field, ...cut });
  };
  const long = (value: ReportedValue | undefined): value is string => typeof value === 'string' && value.length > MAX_KEPT_CHARS;
  for (const [field, value] of Object.entries(row)) {
    const pairField = field.startsWith('source_') ? `target_${field.slice(7)}` : field.startsWith('target_') ? `source_${field.slice(7)}` : undefined;
    const other = pairField === undefined ? undefined : row[pairField];
    if (typeof value !== 'string' || (!long(value) && !long(other))) continue;
    if (typeof other === 'string' && row._diff_type === 'changed') {
      const pair = field.startsWith('source_') ? cutPair(value, other) : cutPair(other, value);
      if (field.startsWith('source_')) set(field, pair.source, pair.sourceCut);
      else set(field, pair.target, pair.targetCut);
    } else {
      const single = cutSingle(value);
      set(field, single.kept, single.cut);
    }
  }
  return { row: out ?? row, cuts };
}

/**
 * The diff with every value longer than MAX_KEPT_CHARS cut and listed in `cut_values` (values
 * already cut keep their entries): the form every report and store receives, whatever produced
 * the diff (the engine cuts as it keeps rows; a service's answer may not have).
 */
export function boundDiff(diff: DiffDetails): DiffDetails {
  let rows: DiffRow[] | undefined;
  const added: CutValue[] = [];
  diff.diff_rows.forEach((row, index) => {
    const cut = cutRow(row, index);
    if (cut.cuts.length === 0) return;
    rows ??= [...diff.diff_rows];
    rows[index] = cut.row;
    added.push(...cut.cuts);
  });
  if (!rows) return diff;
  return { ...diff, diff_rows: rows, cut_values: [...(diff.cut_values ?? []), ...added].sort((x, y) => x.row - y.row) };
}

/** A key value for a sentence (a duplicated key's reason): texts over `max` characters end in `…`. */
export function keyForSentence(value: ReportedValue, max = 200): ReportedValue {
  if (typeof value !== 'string' || value.length <= max) return value;
  return `${detachedSlice(value, 0, pairStart(value, max - 1))}…`;
}
