/**
 * Renders the job summary and the PR comment of a results fixture as GitHub shows them (GFM via
 * micromark, GitHub's markdown CSS, mermaid charts drawn by mermaid) in headless Chromium and saves
 * screenshots: how docs/images/*.png are made, and how a change to a renderer is checked by eye.
 *
 *   node --experimental-transform-types --no-warnings --import ./bench/server-load.register.mjs \
 *     scripts/screenshot-report.ts [OUT_DIR] [FIXTURE]
 *
 * FIXTURE is a file of test/fixtures/results/ (default `differences`, the README's images; `patterns` has
 * every kind of difference, accepted kinds and a comparison whose differences were all accepted).
 * Writes OUT_DIR/{summary,comment}-{light,dark}.png and the HTML next to them. Needs Chromium at
 * /usr/bin/chromium (or DATACOMPARE_CHROMIUM).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { chromium } from 'playwright-core';
import { loadResult, type ResultFixture } from '../test/fixtures/results/load.js';
import { renderComment } from '../src/report/markdown-comment.js';
import { renderSummary } from '../src/report/markdown-summary.js';
import { renderDriftSection, type DriftHistory } from '../src/report/drift.js';

const require = createRequire(import.meta.url);
const out = path.resolve(process.argv[2] ?? 'test-artifacts/report');
const fixture = (process.argv[3] ?? 'differences') as ResultFixture;
mkdirSync(out, { recursive: true });

function mermaidScript(): string {
  try {
    return readFileSync(require.resolve('mermaid/dist/mermaid.min.js'), 'utf8');
  } catch {
    return '';
  }
}

function page(markdown: string, theme: 'light' | 'dark'): string {
  const css = readFileSync(require.resolve(`github-markdown-css/github-markdown-${theme}.css`), 'utf8');
  // GitHub draws ```mermaid blocks as charts, in the page's colour scheme.
  const body = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] }).replace(
    /<pre><code class="language-mermaid">([\s\S]*?)<\/code><\/pre>/g,
    '<pre class="mermaid">$1</pre>',
  );
  const background = theme === 'dark' ? '#0d1117' : '#ffffff';
  const script = mermaidScript();
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
body { background: ${background}; margin: 0; }
.markdown-body { box-sizing: border-box; max-width: 900px; padding: 24px; font-size: 14px; }
.markdown-body pre.mermaid { background: transparent; }
</style></head><body><article class="markdown-body">${body}</article>
${script ? `<script>${script}</script><script>document.querySelectorAll('details').forEach((d) => d.open = true);
mermaid.initialize({ startOnLoad: false, theme: '${theme === 'dark' ? 'dark' : 'default'}' });
mermaid.run().then(() => document.body.dataset.ready = '1', (e) => { document.body.dataset.ready = 'error: ' + e; });</script>` : `<script>document.querySelectorAll('details').forEach((d) => d.open = true); document.body.dataset.ready = '1';</script>`}
</body></html>`;
}

const run = loadResult(fixture);
/** A drift history with three comparisons over eight nightly runs: the trend chart's lines. */
function driftHistory(): DriftHistory {
  const series: Record<string, number[]> = { orders: [0, 0, 120, 340, 300, 280, 310, 300], payments: [0, 10, 10, 0, 0, 25, 40, 60], customers: [5, 5, 5, 5, 5, 5, 5, 5] };
  const comparisons = Object.fromEntries(
    Object.entries(series).map(([name, values]) => [
      name,
      values.map((differing, i) => ({ at: `2026-11-${String(18 + i).padStart(2, '0')}T03:17:00Z`, status: differing > 0 ? ('mismatch' as const) : ('match' as const), differing, onlyInSource: 0, onlyInTarget: 0 })),
    ]),
  );
  return { version: 1, comparisons };
}
const documents = {
  drift: `## datacompare: mismatch\n${renderDriftSection(driftHistory(), 'https://github.com/acme/shop/issues/7')}`,
  summary: renderSummary(run, { maxDiffRows: 100, rows: { at: (c) => `\`${c.name}.csv\` in the \`report-dir\` folder`, more: '`max_diff_rows` in the spec (or the `max-diff-rows` input)' } }),
  comment: renderComment(run, { commentKey: '.github/data-comparisons.yml', headSha: '3f9c2e1d0b7a6c5e4d3c2b1a0f9e8d7c6b5a4f3e', maxDiffRows: 100, runUrl: 'https://github.com/acme/shop/actions/runs/1' }),
};
const browser = await chromium.launch({ executablePath: process.env.DATACOMPARE_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 948, height: 600 }, colorScheme: theme, deviceScaleFactor: 1 });
    for (const [name, markdown] of Object.entries(documents)) {
      const html = page(markdown, theme);
      const file = path.join(out, `${name}-${theme}.html`);
      writeFileSync(file, html);
      const tab = await context.newPage();
      await tab.goto(`file://${file}`);
      await tab.waitForFunction('document.body.dataset.ready !== undefined', undefined, { timeout: 20_000 });
      const ready = await tab.evaluate<string>('document.body.dataset.ready');
      if (ready !== '1') console.warn(`${name}-${theme}: ${ready}`);
      await tab.locator('article').screenshot({ path: path.join(out, `${name}-${theme}.png`) });
      const charts = await tab.locator('pre.mermaid').all();
      for (const [i, chart] of charts.entries()) await chart.screenshot({ path: path.join(out, `${name}-${theme}-chart${i + 1}.png`) });
      await tab.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${out}`);
