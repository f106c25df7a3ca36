/**
 * The bench's report: the block it writes into docs/benchmarks.md for a run, and how it replaces the
 * previous run's block without touching the rest of the page.
 */
import { describe, expect, it } from 'vitest';
import { blockMarkers, renderSummary, replaceBlock, type Measurement } from '../../../bench/report.js';

const measured = (contender: string, seconds: number, extra: Partial<Measurement> = {}): Measurement => ({
  scenario: 'clustered',
  contender,
  wallMs: seconds * 1000,
  rows: { source: 1, target: 1 },
  bytes: { source: 1000, target: 1000 },
  maxRssMb: 100,
  ...extra,
});

describe('renderSummary', () => {
  const measurements = [
    measured('count', 0.5),
    measured('floor', 2.5),
    measured('datacompare', 3, {
      bytes: { source: 10, target: 10 },
      maxRssMb: 120,
      found: { changed: 1000, onlyInSource: 0, onlyInTarget: 100 },
      plan: 'checksum: The sides are on different connections, …',
      note: 'phases ms estimate 5, checksum_scan 2400, fetch_diff 20',
    }),
    measured('naive', 4, { bytes: { source: 100_000, target: 100_000 }, found: { changed: 1000, onlyInSource: 0, onlyInTarget: 100 } }),
  ];

  it('gives each scenario one row: process times, ratios against naive and the floor, bytes, memory, answer and phases', () => {
    const text = renderSummary({ command: 'npm run bench', machine: '2 cores', date: '2026-11-25T12:00:00.000Z', measurements });
    expect(text).toContain('`npm run bench` on 2026-11-25; 2 cores.');
    expect(text).toContain('| clustered | 3.00 | 4.00 | 2.50 | 0.50 | 0.75× | 1.20× | – | 0.01 % | 120 / 100 MB | exact | checksum: estimate 5, checksum_scan 2400, fetch_diff 20 |');
  });

  it('gives the ratio to the hand-written join where that contender ran (same-db)', () => {
    const sameDb = [...measurements, measured('join-sql', 2.4, { found: { changed: 1000, onlyInSource: 0, onlyInTarget: 100 } })];
    expect(renderSummary({ command: 'c', machine: 'm', date: '2026-11-25', measurements: sameDb })).toContain('| 0.75× | 1.20× | 1.25× | 0.01 % |');
  });

  it('says WRONG when datacompare found other differences than the scenario holds', () => {
    const wrong = measurements.map((m) => (m.contender === 'datacompare' ? { ...m, found: { changed: 999, onlyInSource: 0, onlyInTarget: 100 } } : m));
    expect(renderSummary({ command: 'c', machine: 'm', date: '2026-11-25', measurements: wrong })).toContain('| **WRONG** |');
  });
});

describe('replaceBlock', () => {
  const markers = blockMarkers(1_000_000, undefined);

  it('replaces only what lies between the run\'s markers', () => {
    const page = `# Title\n${markers[0]}\nold table\n${markers[1]}\nafter\n`;
    expect(replaceBlock(page, markers, 'new table')).toBe(`# Title\n${markers[0]}\nnew table\n${markers[1]}\nafter\n`);
  });

  it('keys blocks by row count and link, and leaves a page without the block alone', () => {
    expect(blockMarkers(10_000_000, '100 Mbit/s')[0]).toBe('<!-- bench results: 10000000 rows, link -->');
    expect(replaceBlock('# no block here\n', markers, 'x')).toBeUndefined();
  });
});
