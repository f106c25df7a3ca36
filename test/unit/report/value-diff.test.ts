import { describe, expect, it } from 'vitest';
import { commonEnds, renderView, valueDiff, valueView } from '../../../src/report/value-diff.js';

/** A view as text with the differing span in [brackets]. */
const show = (v: Parameters<typeof renderView>[0]) => renderView(v, (p) => (p.changed ? `[${p.text}]` : p.text));

describe('where two values differ', () => {
  it('cuts a long text that differs at its end around the difference, the same way on both sides', () => {
    const note = `${'Lorem ipsum dolor '.repeat(18)}sit amet end-3`;
    const d = valueDiff(note, `${note}!`, 60);
    // the window (60 with the `…`) is filled up to the longer side's end
    expect(show(d.source)).toBe(`…${note.slice(-58)}`);
    expect(show(d.target)).toBe(`…${note.slice(-58)}[!]`);
    expect(Array.from(show(d.target).replace(/[[\]]/g, ''))).toHaveLength(60);
    expect(show(d.source).endsWith('Lorem ipsum dolor sit amet end-3')).toBe(true);
    expect(d.source.cutStart && d.target.cutStart).toBe(true);
    expect(d.target.length).toBe(note.length + 1);
  });

  it('marks the changed digits of numbers and timestamps', () => {
    const amount = valueDiff('1500375.25', '1500375.75', 120);
    expect([show(amount.source), show(amount.target)]).toEqual(['1500375.[2]5', '1500375.[7]5']);
    const added = valueDiff('1500375', '1500375.01', 120);
    expect([show(added.source), show(added.target)]).toEqual(['1500375', '1500375[.01]']);
    const time = valueDiff('2026-03-01 09:00:00.700000', '2026-03-01 09:00:00.000000', 120);
    expect([show(time.source), show(time.target)]).toEqual(['2026-03-01 09:00:00.[7]00000', '2026-03-01 09:00:00.[0]00000']);
  });

  it('keeps the start when the difference is early, cutting both ends after it', () => {
    const d = valueDiff(`a${'x'.repeat(200)}`, `b${'x'.repeat(200)}`, 10);
    expect(show(d.source)).toBe('[a]xxxxxxxx…');
    expect(show(d.target)).toBe('[b]xxxxxxxx…');
  });

  it('never lets the common suffix overlap the common prefix', () => {
    expect(commonEnds('aaa', 'aaaa')).toEqual({ prefix: 3, suffix: 0 });
    const d = valueDiff('aaa', 'aaaa', 120);
    expect([show(d.source), show(d.target)]).toEqual(['aaa', 'aaa[a]']);
  });

  it('counts characters, not UTF-16 units, and marks nothing in equal texts', () => {
    const d = valueDiff('€😀a', '€😀b', 120);
    expect(show(d.target)).toBe('€😀[b]');
    expect(show(valueDiff('same', 'same', 120).source)).toBe('same');
    expect(show(valueView('abcdef', 3))).toBe('ab…');
    expect(show(valueView('abc', 3))).toBe('abc');
  });
});
