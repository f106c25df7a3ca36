/** Renders the bench's measurements: a terminal table and bench/results.md (pure). */
import { scenarioTables } from './dataset.js';
import type { ScenarioName } from './args.js';

export interface Measurement {
  scenario: ScenarioName;
  contender: string;
  /** Spawn to exit of the contender's process. */
  wallMs: number;
  /** The contender's own call, inside its process. */
  inProcessMs?: number;
  rows: { source: number; target: number };
  bytes: { source: number; target: number };
  maxRssMb: number;
  found?: { changed: number; onlyInSource: number; onlyInTarget: number };
  plan?: string;
  note?: string;
  /** Set by `annotate` when `found` differs from what the scenario contains. */
  wrong?: boolean;
}

const DATA_DIFF_SECONDS = 106; // the fastest data-diff run measured here (engine-facts.md: 106–156 s)

function annotate(m: Measurement): Measurement {
  if (!m.found) return m;
  const e = scenarioTables(m.scenario).expected;
  const wrong = m.found.changed !== e.changed || m.found.onlyInSource !== e.onlyInSource || m.found.onlyInTarget !== e.onlyInTarget;
  return { ...m, wrong };
}

const mb = (bytes: number): string => (bytes / 1e6 >= 100 ? (bytes / 1e6).toFixed(0) : (bytes / 1e6).toFixed(2));
const ratio = (a: number | undefined, b: number | undefined): string => (a !== undefined && b ? `${(a / b).toFixed(2)}×` : '–');

function rowsOf(all: Measurement[]): string[][] {
  const header = ['scenario', 'contender', 'process s', 'in-process s', 'vs naive', 'vs floor', 'vs SQL join', 'vs count(*)', 'vs data-diff 106 s', 'rows src/tgt', 'MB src/tgt', 'bytes vs naive', 'peak RSS MB', 'result'];
  const lines = [header];
  for (const raw of all) {
    const m = annotate(raw);
    const peers = all.filter((p) => p.scenario === m.scenario);
    const naive = peers.find((p) => p.contender === 'naive');
    const floor = peers.find((p) => p.contender === 'floor');
    const count = peers.find((p) => p.contender === 'count');
    const join = peers.find((p) => p.contender === 'join-sql');
    const bytes = m.bytes.source + m.bytes.target;
    lines.push([
      m.scenario,
      m.contender,
      (m.wallMs / 1000).toFixed(2),
      m.inProcessMs === undefined ? '–' : (m.inProcessMs / 1000).toFixed(2),
      ratio(m.wallMs, naive?.wallMs),
      ratio(m.wallMs, floor?.wallMs),
      ratio(m.wallMs, join?.wallMs),
      ratio(m.wallMs, count?.wallMs),
      `${(DATA_DIFF_SECONDS / (m.wallMs / 1000)).toFixed(1)}× faster`,
      `${m.rows.source.toLocaleString('en-US')} / ${m.rows.target.toLocaleString('en-US')}`,
      `${mb(m.bytes.source)} / ${mb(m.bytes.target)}`,
      naive ? `${((100 * bytes) / (naive.bytes.source + naive.bytes.target)).toFixed(2)} %` : '–',
      m.maxRssMb.toFixed(0),
      m.found
        ? `${m.wrong ? 'WRONG ' : ''}${m.found.changed} changed, ${m.found.onlyInSource} only src, ${m.found.onlyInTarget} only tgt${m.plan ? ` (plan ${m.plan})` : ''}${m.note ? `; ${m.note}` : ''}`
        : (m.note ?? ''),
    ]);
  }
  return lines;
}

export function renderTable(all: Measurement[]): string {
  const lines = rowsOf(all);
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  return lines.map((l) => l.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

export function renderResults(input: { command: string; machine: string; rows: number; link?: string; measurements: Measurement[]; date: string }): string {
  const lines = rowsOf(input.measurements);
  const table = [
    `| ${lines[0]!.join(' | ')} |`,
    `| ${lines[0]!.map(() => '---').join(' | ')} |`,
    ...lines.slice(1).map((l) => `| ${l.join(' | ')} |`),
  ].join('\n');
  return `# Benchmark results

Produced by one run of:

\`\`\`
${input.command}
\`\`\`

- Date: ${input.date}
- Machine: ${input.machine}
- Rows per table: ${input.rows.toLocaleString('en-US')}; source in PostgreSQL (schema \`dc_bench\`), target in MariaDB (database \`dc_bench\`), but for same-db (both in PostgreSQL)
- Link: ${input.link ?? 'loopback (no throttling)'}
- Contenders run one after the other, each in its own child process (peak RSS = that process's max RSS).
  Bytes = bytes received from each database, counted at the socket level. Rows = rows each database sent.
- \`count\`: \`count(*)\` on both sides at once. \`floor\`: one full-table checksum query per side (the same
  normalised row text and md5-as-integer datacompare uses), both sides at once. \`naive\`: both tables streamed
  ordered by key (pg cursor, mysql2 stream), each row's values cast to one canonical text in SQL, merged in Node
  comparing one string a row. \`join-sql\` (same-db only, both tables in PostgreSQL): the FULL OUTER JOIN a user
  writes by hand, every differing row sent to the client. \`datacompare\`: \`runComparison\` from the compiled
  build, as the CLI runs it.
- "process s" is spawn to exit of the contender's process, as a user times a command; every ratio uses it.
  "in-process s" is the contender's own call (module loading and process start excluded).
- data-diff 0.11.1 took 106–156 s on the 10M-row tables of this machine (see docs/benchmarks.md); the
  "vs data-diff" column uses the fastest, 106 s, and only means something at 10M rows.

${table}
`;
}

const seconds = (m: Measurement | undefined): string => (m ? (m.wallMs / 1000).toFixed(2) : '–');

/**
 * The compact table docs/benchmarks.md shows for one run: per scenario the contenders' process times,
 * datacompare's ratios, bytes, peak RSS, and its plan with where its time went. The hand-written
 * join (same-db) is shown as a ratio only, where it ran.
 */
export function renderSummary(input: { command: string; machine: string; date: string; measurements: Measurement[] }): string {
  const scenarios = [...new Set(input.measurements.map((m) => m.scenario))];
  const rows = scenarios.map((scenario) => {
    const of = (contender: string) => input.measurements.find((m) => m.scenario === scenario && m.contender === contender);
    const ours = of('datacompare');
    const naive = of('naive');
    const bytes = ours && naive ? `${((100 * (ours.bytes.source + ours.bytes.target)) / (naive.bytes.source + naive.bytes.target)).toFixed(2)} %` : '–';
    const plan = ours?.plan ? ours.plan.slice(0, ours.plan.indexOf(':')) : '–';
    const phases = ours?.note?.replace(/^phases ms /, '') ?? '';
    const answer = ours ? annotate(ours) : undefined;
    return `| ${scenario} | ${seconds(ours)} | ${seconds(naive)} | ${seconds(of('floor'))} | ${seconds(of('count'))} | ${ratio(ours?.wallMs, naive?.wallMs)} | ${ratio(ours?.wallMs, of('floor')?.wallMs)} | ${ratio(ours?.wallMs, of('join-sql')?.wallMs)} | ${bytes} | ${ours ? ours.maxRssMb.toFixed(0) : '–'} / ${naive ? naive.maxRssMb.toFixed(0) : '–'} MB | ${answer?.wrong ? '**WRONG**' : 'exact'} | ${plan}${phases ? `: ${phases}` : ''} |`;
  });
  return [
    `\`${input.command}\` on ${input.date.slice(0, 10)}; ${input.machine}.`,
    '',
    '| scenario | datacompare s | naive s | floor s | count(*) s | vs naive | vs floor | vs SQL join | bytes vs naive | peak RSS ours / naive | answer | plan: phases (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The marker pair that delimits a run's block in docs/benchmarks.md, by row count and link. */
export function blockMarkers(rows: number, link: string | undefined): [string, string] {
  const key = `${rows} rows, ${link ? 'link' : 'loopback'}`;
  return [`<!-- bench results: ${key} -->`, `<!-- end bench results: ${key} -->`];
}

/** `text` with the block between the markers replaced by `content`, or undefined when the markers are missing. */
export function replaceBlock(text: string, [begin, end]: [string, string], content: string): string | undefined {
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) return undefined;
  return `${text.slice(0, start + begin.length)}\n${content}\n${text.slice(stop)}`;
}
